import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthGuard } from './components/AuthGuard';
import { Spinner } from './components/ui';
import { Page403, Page404 } from './pages/public/ErrorPages';
import Landing from './pages/public/Landing';
import Contact from './pages/public/Contact';
import { PublicLayout } from './pages/public/PublicLayout';
import Login from './pages/auth/Login';
import Register from './pages/auth/Register';

/** Screens are loaded on demand: the landing page and the sign-in screen stay light. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const C = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <C />
    </Suspense>
  );
}

/** `/qr/*` is rendered by the server (the diner's menu): leave the SPA for a full page load. */
function ServerPage() {
  useEffect(() => {
    window.location.replace(window.location.pathname + window.location.search);
  }, []);
  return <Spinner />;
}

/** Every route of spec §2 in one table. */
export const routes: RouteObject[] = [
  // public pages share one header and footer; the lazily loaded legal texts show a spinner inside the frame
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <Landing /> },
      // small, and its form is the landing page's: no extra round trip
      { path: '/iletisim', element: <Contact /> },
      { path: '/gizlilik-politikasi', Component: lazy(() => import('./pages/public/Privacy')) },
      { path: '/kullanim-sozlesmesi', Component: lazy(() => import('./pages/public/Terms')) },
    ],
  },
  // sign-in and registration are small and often the first page: no extra round trip
  { path: '/login', element: <Login /> },
  { path: '/register', element: <Register /> },
  { path: '/kayit', element: <Register /> },
  { path: '/sifremi-unuttum', element: page(() => import('./pages/auth/ForgotPassword')) },
  { path: '/sifre-sifirla', element: page(() => import('./pages/auth/ResetPassword')) },
  { path: '/eposta-dogrula', element: page(() => import('./pages/auth/VerifyEmail')) },
  { path: '/personel-davet', element: page(() => import('./pages/auth/StaffInvitation')) },
  // staff home (issue 42): the kitchen and waiter screens live under it (/personel/mutfak, /personel/garson)
  {
    path: '/personel',
    element: <AuthGuard area="staff">{page(() => import('./pages/staff/StaffHome'))}</AuthGuard>,
  },
  { path: '/403', element: <Page403 /> },
  { path: '/404', element: <Page404 /> },
  // qr/{company}, qr/{company}/category, qr/{company}/category/{id}: server-rendered menu pages
  { path: '/qr/*', element: <ServerPage /> },
  {
    path: '/user',
    element: (
      <AuthGuard area="user">
        {page(() => import('./pages/user/UserLayout'))}
      </AuthGuard>
    ),
    children: [
      { index: true, element: page(() => import('./pages/user/Welcome')) },
      { path: 'categories', element: page(() => import('./pages/user/Categories')) },
      { path: 'categories/edit-category/:id', element: page(() => import('./pages/user/EditCategory')) },
      { path: 'products', element: page(() => import('./pages/user/Products')) },
      { path: 'products/edit-product/:id', element: page(() => import('./pages/user/EditProduct')) },
      { path: 'settings', element: page(() => import('./pages/user/Settings')) },
      { path: 'qr', element: page(() => import('./pages/user/QrCode')) },
      { path: 'translations', element: page(() => import('./pages/user/Translations')) },
      { path: 'hesap', element: page(() => import('./pages/user/Account')) },
      { path: 'toplu-islemler', element: page(() => import('./pages/user/BulkOperations')) },
      { path: 'calls', element: page(() => import('./pages/user/Calls')) },
      { path: 'feedback', element: page(() => import('./pages/user/Feedback')) },
      { path: 'fiyat-listesi', element: page(() => import('./pages/user/PriceList')) },
      { path: 'personel', element: page(() => import('./pages/user/Staff')) },
      { path: 'raporlar', element: page(() => import('./pages/user/Reports')) },
      { path: 'subeler', element: page(() => import('./pages/user/Branches')) },
      { path: 'sube-fiyatlari', element: page(() => import('./pages/user/BranchPrices')) },
      { path: '*', element: <Page404 /> },
    ],
  },
  {
    path: '/admin',
    element: (
      <AuthGuard area="admin">
        {page(() => import('./pages/admin/AdminLayout'))}
      </AuthGuard>
    ),
    children: [
      { index: true, element: page(() => import('./pages/admin/Dashboard')) },
      { path: 'users', element: page(() => import('./pages/admin/Users')) },
      { path: 'users/edit-user/:id', element: page(() => import('./pages/admin/EditUser')) },
      { path: 'categories', element: page(() => import('./pages/admin/Categories')) },
      { path: 'products', element: page(() => import('./pages/admin/Products')) },
      { path: 'settings', element: page(() => import('./pages/admin/Settings')) },
      { path: 'messages', element: page(() => import('./pages/admin/Messages')) },
      { path: 'audit', element: page(() => import('./pages/admin/Audit')) },
      { path: '*', element: <Page404 /> },
    ],
  },
  // staff screens (issue 42): the kitchen and the waiters, for the owner and its staff
  // each screen admits the owner, a yonetici and its own role; the other role is refused (/403)
  { path: '/personel/mutfak', element: <AuthGuard area="kitchen">{page(() => import('./pages/staff/Kitchen'))}</AuthGuard> },
  { path: '/personel/garson', element: <AuthGuard area="waiter">{page(() => import('./pages/staff/Waiter'))}</AuthGuard> },
  { path: '*', element: <Page404 /> },
];

export const router = createBrowserRouter([{ element: <Outlet />, children: routes }]);
