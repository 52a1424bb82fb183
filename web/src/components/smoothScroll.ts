/**
 * Timed smooth scroll of the landing navigation (spec §9: 1000 ms). CSS `scroll-behavior` has no
 * duration, so the scroll is driven frame by frame with requestAnimationFrame. Visitors who ask
 * for reduced motion get an instant jump. A wheel, touch or key press of the visitor stops the
 * animation (never fight the user).
 */
export const SMOOTH_SCROLL_MS = 1000;

let frame = 0;
let stopListening: (() => void) | undefined;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** easeInOutCubic: gentle start and stop. */
const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

function cancel() {
  cancelAnimationFrame(frame);
  stopListening?.();
  stopListening = undefined;
}

/** Document y of an element's top, honouring its CSS `scroll-margin-top` (room for the sticky header). */
function targetY(el: HTMLElement): number {
  const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(max, el.getBoundingClientRect().top + window.scrollY - margin));
}

/**
 * Scrolls to the element with this id in `duration` ms, then puts `#id` in the address bar and
 * moves keyboard focus to the section (without scrolling again). Resolves when done.
 */
export function smoothScrollTo(id: string, duration = SMOOTH_SCROLL_MS): Promise<void> {
  const el = document.getElementById(id);
  if (!el) return Promise.resolve();
  cancel();
  const start = window.scrollY;
  const end = targetY(el);
  const finish = () => {
    cancel();
    // keep react-router's history state, only the hash changes
    window.history.replaceState(window.history.state, '', `#${id}`);
    el.focus({ preventScroll: true });
  };
  if (duration <= 0 || prefersReducedMotion() || Math.abs(end - start) < 1) {
    window.scrollTo(0, end);
    finish();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const interrupt = () => {
      cancel();
      resolve();
    };
    const opts = { passive: true } as const;
    window.addEventListener('wheel', interrupt, opts);
    window.addEventListener('touchstart', interrupt, opts);
    window.addEventListener('keydown', interrupt);
    stopListening = () => {
      window.removeEventListener('wheel', interrupt);
      window.removeEventListener('touchstart', interrupt);
      window.removeEventListener('keydown', interrupt);
    };
    const t0 = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - t0) / duration);
      window.scrollTo(0, start + (end - start) * ease(p));
      if (p < 1) frame = requestAnimationFrame(step);
      else {
        finish();
        resolve();
      }
    };
    frame = requestAnimationFrame(step);
  });
}
