import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Toasts with a bold title and the server's message (spec §8: "toast X with the server message").
 * react-toastify is loaded after the page is idle (or at the first toast), so it never delays the
 * first paint of the landing or sign-in pages.
 */
const load = () => import('react-toastify');

function Body({ title, text }: { title: string; text?: string }) {
  return (
    <div>
      <p className="font-semibold">{title}</p>
      {text ? <p className="text-sm opacity-90">{text}</p> : null}
    </div>
  );
}

type Kind = 'success' | 'error' | 'warning' | 'info';
const show = (kind: Kind) => (title: string, text?: string) => {
  void load().then(({ toast }) => toast[kind](<Body title={title} text={text} />));
};

export const notify = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};

const Container = lazy(() => load().then((m) => ({ default: () => <m.ToastContainer position="top-right" autoClose={4000} newestOnTop /> })));

/** Mounts the toast container once the browser is idle. */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => setReady(true));
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
