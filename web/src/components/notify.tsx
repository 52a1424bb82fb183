import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts with a bold title and the server's message (spec §8: "toast X with the server message").
 * react-toastify is loaded and its container mounted at the first toast: the landing and sign-in
 * pages never run it unless they show one (react-toastify queues a toast until a container mounts).
 */
const load = () => import('react-toastify');

function Body({ title, text }: { title: string; text?: string }) {
  return (
    <div>
      <p className="font-semibold">{title}</p>
      {text ? <p className="text-sm">{text}</p> : null}
    </div>
  );
}

type Kind = 'success' | 'error' | 'warning' | 'info';
let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const show = (kind: Kind) => (title: string, text?: string) => {
  wanted = true;
  for (const l of listeners) l();
  void load().then(({ toast }) => toast[kind](<Body title={title} text={text} />));
};

export const notify = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};

const Container = lazy(() => load().then((m) => ({ default: () => <m.ToastContainer position="top-right" autoClose={4000} newestOnTop /> })));

/** Mounts the toast container at the first toast. */
export function Toasts() {
  const ready = useSyncExternalStore(subscribe, () => wanted);
  return ready ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
