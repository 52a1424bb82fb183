import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toasts } from './components/notify';
import { router } from './routes';
import { setNavigator } from './navigation';
import './index.css';

setNavigator((to) => void router.navigate(to));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toasts />
  </StrictMode>,
);
