import { useState } from 'react';
import { NavLink } from 'react-router';
import { Icon, type IconName } from './icons';
import { cx } from './ui';
import { COMMON } from '../texts/common';

export interface SidebarLink {
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
  /** A count shown beside the link (unread, open…); nothing when 0. */
  badge?: number;
}

/**
 * Collapsible sidebar (spec: 60 units wide, 16 narrow). Starts narrow on phones, wide on desktop;
 * the choice is remembered per area.
 */
export function Sidebar({ links, onLogout, storageKey }: { links: SidebarLink[]; onLogout: () => void; storageKey: string }) {
  const [wide, setWide] = useState(() => {
    const saved = localStorage.getItem(storageKey);
    return saved ? saved === 'wide' : window.matchMedia('(min-width: 768px)').matches;
  });
  const toggle = () => {
    setWide((w) => {
      localStorage.setItem(storageKey, w ? 'narrow' : 'wide');
      return !w;
    });
  };
  // On a phone the wide sidebar opens over the page (a 240 px column would squeeze the screen to
  // 120 px); choosing a link or tapping beside it closes it again.
  const closeOnPhone = () => {
    if (wide && !window.matchMedia('(min-width: 768px)').matches) toggle();
  };
  return (
    // the outer column stretches with the page (white to the bottom); the sidebar itself stays in view
    <div className="w-16 shrink-0 border-r border-stone-200 bg-white md:w-auto">
    {wide ? <div className="fixed inset-0 z-30 bg-stone-900/40 md:hidden" onClick={toggle} aria-hidden data-testid="sidebar-backdrop" /> : null}
    <aside
      className={cx(
        'top-0 flex h-dvh flex-col bg-white transition-[width] duration-200',
        wide ? 'fixed left-0 z-40 w-60 shadow-xl md:sticky md:z-auto md:shadow-none' : 'sticky w-16',
      )}
      data-testid="sidebar"
      data-wide={wide}
    >
      <div className="flex h-16 items-center gap-2 border-b border-stone-200 px-3">
        <button type="button" onClick={toggle} aria-label={COMMON.menuToggle} aria-expanded={wide} className="rounded-lg p-2 text-stone-600 hover:bg-stone-100">
          <Icon name="menu" />
        </button>
        {wide ? <span className="truncate text-lg font-bold text-brand-700">{COMMON.appName}</span> : null}
      </div>
      <nav className="flex-1 space-y-1 overflow-y-auto p-2">
        {links.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.end}
            title={l.label}
            onClick={closeOnPhone}
            className={({ isActive }) =>
              cx('flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium', isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100')
            }
          >
            <span className="relative shrink-0">
              <Icon name={l.icon} className="h-5 w-5" />
              {l.badge && !wide ? <span className="absolute -right-2 -top-2 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white" aria-hidden>{l.badge}</span> : null}
            </span>
            <span className={wide ? 'flex-1' : 'sr-only'}>
              {l.label}
              {l.badge ? <span className="sr-only"> ({l.badge})</span> : null}
            </span>
            {l.badge && wide ? <span className="rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white" aria-hidden data-testid={`badge-${l.to}`}>{l.badge}</span> : null}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-stone-200 p-2">
        <button type="button" onClick={onLogout} title={COMMON.logout} className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-stone-700 hover:bg-red-50 hover:text-red-700">
          <Icon name="logout" className="h-5 w-5 shrink-0" />
          <span className={wide ? '' : 'sr-only'}>{COMMON.logout}</span>
        </button>
      </div>
    </aside>
    </div>
  );
}
