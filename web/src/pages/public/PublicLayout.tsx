import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { getToken } from '../../api/storage';
import { Icon } from '../../components/icons';
import { smoothScrollTo } from '../../components/smoothScroll';
import { cx, Spinner } from '../../components/ui';
import { BANNER_TEXT, BRAND, FOOTER_TEXT, HEADER_TEXT, SECTIONS, SOCIAL_LINKS } from '../../texts/public';

/**
 * Frame of the public pages (landing, contact, legal), used as a layout route: the header and footer
 * stay mounted while the lazily loaded pages change below them. The banner is the landing page's.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col bg-white text-stone-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        {HEADER_TEXT.skip}
      </a>
      {pathname === '/' ? <AnnouncementBanner /> : null}
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* a full screen tall while a page loads: the footer waits below the fold, so nothing shifts */}
        <Suspense
          fallback={
            <div className="mx-auto flex min-h-dvh max-w-6xl justify-center px-4">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}

/**
 * After an in-app navigation: to the `#section` of the URL if there is one (e.g. `/#pricing` from a
 * legal page), otherwise to the top. The first load keeps the browser's own scroll restoration.
 */
function useScrollOnNavigate() {
  const { key, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (key !== 'default') window.scrollTo(0, 0);
  }, [key, hash]);
}

function readClosed(): boolean {
  try {
    const v = localStorage.getItem(BANNER_TEXT.storageKey);
    return v !== null && v !== 'false' && v !== '0';
  } catch {
    return false;
  }
}

/** "The product is live" banner: read synchronously on first render, so a closed one never flashes. */
function AnnouncementBanner() {
  const [closed, setClosed] = useState(readClosed);
  if (closed) return null;
  const close = () => {
    try {
      localStorage.setItem(BANNER_TEXT.storageKey, 'true');
    } catch {
      // private mode: hidden for this visit only
    }
    setClosed(true);
  };
  return (
    <div role="region" aria-label={BANNER_TEXT.label} data-testid="announcement" className="bg-brand-800 text-white">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 sm:items-center sm:px-6">
        <Icon name="megaphone" className="mt-0.5 hidden h-5 w-5 shrink-0 text-brand-200 sm:mt-0 sm:block" />
        <p className="flex-1 text-sm leading-snug">
          {BANNER_TEXT.text}{' '}
          <Link to="/register" className="whitespace-nowrap font-semibold underline decoration-brand-200 underline-offset-2 hover:decoration-white">
            {BANNER_TEXT.cta} <span aria-hidden>→</span>
          </Link>
        </p>
        <button type="button" onClick={close} aria-label={BANNER_TEXT.close} className="-my-1 -mr-2 shrink-0 rounded-lg p-1.5 text-brand-100 hover:bg-white/10 hover:text-white">
          <Icon name="close" className="h-5 w-5" />
        </button>
      </div>
    </div>
  );
}

/** Browser tab title of a public page ("İletişim — QR Menü"); the landing keeps index.html's. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} — ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/**
 * A section link: smooth scroll on the landing page, a normal link to `/#id` elsewhere (the contact
 * section is the full /iletisim page there).
 */
function SectionLink({ id, children, className, onDone }: { id: string; children: ReactNode; className?: string; onDone?: () => void }) {
  const { pathname } = useLocation();
  if (pathname !== '/' && id === 'contact') {
    return (
      <Link to="/iletisim" onClick={onDone} aria-current={pathname === '/iletisim' ? 'page' : undefined} className={className}>
        {children}
      </Link>
    );
  }
  // on the landing page: a plain in-page anchor, scrolled in 1000 ms (modified clicks keep the default)
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onDone?.();
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    // with onDone the mobile menu closes first: measure the target after that re-render
    if (onDone) requestAnimationFrame(() => void smoothScrollTo(id));
    else void smoothScrollTo(id);
  };
  if (pathname === '/') {
    return (
      <a href={`#${id}`} onClick={onClick} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={`/#${id}`} onClick={onDone} className={className}>
      {children}
    </Link>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" aria-label={BRAND.home} className={cx('flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
      <span>{BRAND.name}</span>
    </Link>
  );
}

function PublicHeader() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // spec §2: the login link leads to the owner area when a token is stored
  const loginTo = getToken() ? '/user' : '/login';

  // the menu closes when the page changes
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo className="text-brand-800" />
        <nav aria-label={HEADER_TEXT.nav} className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <SectionLink id={s.id} className="rounded-lg px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
                  {s.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link to={loginTo} data-testid="login-link" className="rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900">
            {HEADER_TEXT.login}
          </Link>
          <Link to="/register" className="hidden rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:inline-flex">
            {HEADER_TEXT.register}
          </Link>
          <button
            type="button"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls="public-mobile-nav"
            aria-label={open ? HEADER_TEXT.closeMenu : HEADER_TEXT.openMenu}
            className="-mr-2 rounded-lg p-2 text-stone-700 hover:bg-stone-100 md:hidden"
          >
            <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
          </button>
        </div>
      </div>
      {open ? (
        <nav id="public-mobile-nav" aria-label={HEADER_TEXT.nav} className="border-t border-stone-200 bg-white md:hidden">
          <ul className="mx-auto max-w-6xl px-2 py-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <SectionLink id={s.id} onDone={() => setOpen(false)} className="block rounded-lg px-3 py-3 text-base font-medium text-stone-700 hover:bg-stone-100">
                  {s.label}
                </SectionLink>
              </li>
            ))}
            <li className="px-3 pb-2 pt-3">
              <Link to="/register" className="flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-base font-semibold text-white hover:bg-brand-800">
                {HEADER_TEXT.register}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

function PublicFooter() {
  const linkClass = 'text-stone-300 hover:text-white';
  return (
    <footer className="bg-stone-900 text-sm text-stone-400">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2">
          <Logo className="text-white" />
          <p className="mt-3 max-w-xs leading-relaxed">{BRAND.tagline}</p>
          <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-stone-400">{FOOTER_TEXT.follow}</p>
          <ul className="mt-3 flex gap-2">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className="flex h-10 w-10 items-center justify-center rounded-lg bg-white/5 text-stone-300 ring-1 ring-white/10 hover:bg-white/10 hover:text-white">
                  <Icon name={s.icon} className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-wider text-stone-400">{FOOTER_TEXT.product}</h2>
          <ul className="mt-3 space-y-2.5">
            {SECTIONS.slice(0, 3).map((s) => (
              <li key={s.id}>
                <SectionLink id={s.id} className={linkClass}>
                  {s.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <a href="/qr/demo" className={linkClass}>
                {FOOTER_TEXT.demo}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-wider text-stone-400">{FOOTER_TEXT.corporate}</h2>
          <ul className="mt-3 space-y-2.5">
            <li className="flex flex-wrap items-center gap-2" data-testid="footer-docs">
              <span className="text-stone-400" aria-disabled="true">
                {FOOTER_TEXT.docs}
              </span>
              <span className="rounded-full bg-amber-400/10 px-2 py-0.5 text-xs font-medium text-amber-300 ring-1 ring-inset ring-amber-400/20">{FOOTER_TEXT.docsSoon}</span>
            </li>
            <li>
              <Link to="/gizlilik-politikasi" className={linkClass}>
                {FOOTER_TEXT.privacy}
              </Link>
            </li>
            <li>
              <Link to="/kullanim-sozlesmesi" className={linkClass}>
                {FOOTER_TEXT.terms}
              </Link>
            </li>
            <li>
              <Link to="/iletisim" className={linkClass}>
                {FOOTER_TEXT.contact}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-xs sm:flex-row sm:justify-between sm:px-6">
          <p>{FOOTER_TEXT.copyright}</p>
          <p>{FOOTER_TEXT.madeFor}</p>
        </div>
      </div>
    </footer>
  );
}
