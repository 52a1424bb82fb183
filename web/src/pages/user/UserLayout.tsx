import { Outlet } from 'react-router';
import { Sidebar, type SidebarLink } from '../../components/Sidebar';
import { useLogout } from '../../components/useLogout';
import { USER_NAV } from '../../texts/user';
import { ACCOUNT_TEXT } from '../../texts/account';
import { VerifyBanner } from '../../components/VerifyBanner';
import { BULK_NAV } from '../../texts/bulk';

const LINKS: SidebarLink[] = [
  { to: '/user', label: USER_NAV.welcome, icon: 'home', end: true },
  { to: '/user/categories', label: USER_NAV.categories, icon: 'grid' },
  { to: '/user/products', label: USER_NAV.products, icon: 'box' },
  { to: '/user/toplu-islemler', label: BULK_NAV, icon: 'sliders' },
  { to: '/user/qr', label: USER_NAV.qr, icon: 'qr' },
  { to: '/user/settings', label: USER_NAV.settings, icon: 'settings' },
  { to: '/user/hesap', label: ACCOUNT_TEXT.nav, icon: 'shield' },
];

/** Owner area frame: collapsible sidebar and the current screen. */
export default function UserLayout() {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh">
      <Sidebar links={LINKS} onLogout={logout} storageKey="qrmenu_user_sidebar" />
      <main className="min-w-0 flex-1 px-3 py-5 sm:px-8 sm:py-8">
        <div className="mx-auto max-w-6xl">
          <VerifyBanner />
          <Outlet />
        </div>
      </main>
    </div>
  );
}
