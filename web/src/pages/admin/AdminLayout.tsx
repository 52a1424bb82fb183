import { Outlet } from 'react-router';
import { Sidebar, type SidebarLink } from '../../components/Sidebar';
import { useLogout } from '../../components/useLogout';
import { ADMIN_NAV } from '../../texts/admin';
import { AUDIT_TEXT } from '../../texts/account';

const LINKS: SidebarLink[] = [
  { to: '/admin', label: ADMIN_NAV.home, icon: 'home', end: true },
  { to: '/admin/users', label: ADMIN_NAV.users, icon: 'users' },
  { to: '/admin/categories', label: ADMIN_NAV.categories, icon: 'grid' },
  { to: '/admin/products', label: ADMIN_NAV.products, icon: 'box' },
  { to: '/admin/settings', label: ADMIN_NAV.settings, icon: 'settings' },
  { to: '/admin/messages', label: ADMIN_NAV.messages, icon: 'mail' },
  { to: '/admin/audit', label: AUDIT_TEXT.nav, icon: 'file' },
];

/** Admin area frame: collapsible sidebar and the current screen. */
export default function AdminLayout() {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh">
      <Sidebar links={LINKS} onLogout={() => void logout()} storageKey="qrmenu_admin_sidebar" />
      <main className="min-w-0 flex-1 px-3 py-5 sm:px-8 sm:py-8">
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
