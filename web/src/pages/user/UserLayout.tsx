import { Outlet } from 'react-router';
import { Sidebar, type SidebarLink } from '../../components/Sidebar';
import { useLogout } from '../../components/useLogout';
import { USER_NAV } from '../../texts/user';
import { TRANSLATIONS_NAV } from '../../texts/translations';

const LINKS: SidebarLink[] = [
  { to: '/user', label: USER_NAV.welcome, icon: 'home', end: true },
  { to: '/user/categories', label: USER_NAV.categories, icon: 'grid' },
  { to: '/user/products', label: USER_NAV.products, icon: 'box' },
  { to: '/user/qr', label: USER_NAV.qr, icon: 'qr' },
  { to: '/user/translations', label: TRANSLATIONS_NAV, icon: 'globe' },
  { to: '/user/settings', label: USER_NAV.settings, icon: 'settings' },
];

/** Owner area frame: collapsible sidebar and the current screen. */
export default function UserLayout() {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh">
      <Sidebar links={LINKS} onLogout={logout} storageKey="qrmenu_user_sidebar" />
      <main className="min-w-0 flex-1 px-3 py-5 sm:px-8 sm:py-8">
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
