import { Outlet } from 'react-router';
import { Sidebar, type SidebarLink } from '../../components/Sidebar';
import { useLogout } from '../../components/useLogout';
import { USER_NAV } from '../../texts/user';
import { TRANSLATIONS_NAV } from '../../texts/translations';
import { ACCOUNT_TEXT } from '../../texts/account';
import { VerifyBanner } from '../../components/VerifyBanner';
import { BULK_NAV } from '../../texts/bulk';
import { TABLES_NAV } from '../../texts/tables';
import { PRICE_LIST_NAV } from '../../texts/price-list';
import { OwnerLiveProvider, useOwnerLive } from './OwnerLive';
import { STAFF_NAV } from '../../texts/staff';
import { REPORTS_NAV } from '../../texts/reports';
import { useSignedIn } from '../../components/AuthGuard';
import { BRANCHES_NAV, BRANCH_PRICES_NAV } from '../../texts/branches';
import { BranchProvider, BranchSwitcher } from './branchContext';

const LINKS: SidebarLink[] = [
  { to: '/user', label: USER_NAV.welcome, icon: 'home', end: true },
  { to: '/user/categories', label: USER_NAV.categories, icon: 'grid' },
  { to: '/user/products', label: USER_NAV.products, icon: 'box' },
  { to: '/user/toplu-islemler', label: BULK_NAV, icon: 'sliders' },
  { to: '/user/qr', label: USER_NAV.qr, icon: 'qr' },
  { to: '/user/raporlar', label: REPORTS_NAV, icon: 'chart' },
  { to: '/user/fiyat-listesi', label: PRICE_LIST_NAV, icon: 'file' },
  { to: '/user/translations', label: TRANSLATIONS_NAV, icon: 'globe' },
  { to: '/user/settings', label: USER_NAV.settings, icon: 'settings' },
  { to: '/user/subeler', label: BRANCHES_NAV, icon: 'store' },
  { to: '/user/sube-fiyatlari', label: BRANCH_PRICES_NAV, icon: 'sliders' },
  { to: '/user/personel', label: STAFF_NAV, icon: 'users' },
  { to: '/user/hesap', label: ACCOUNT_TEXT.nav, icon: 'shield' },
];

/** The links with the live counts: open waiter calls and unread feedback. */
function OwnerSidebar({ onLogout }: { onLogout: () => void }) {
  const live = useOwnerLive();
  // a yonetici staff member has the owner's panel but not the owner's own account (Hesabım)
  const staff = useSignedIn()?.role === 'staff';
  const links: SidebarLink[] = [
    ...LINKS.slice(0, 4),
    { to: '/user/calls', label: TABLES_NAV.calls, icon: 'megaphone', badge: live?.calls.length },
    { to: '/user/feedback', label: TABLES_NAV.feedback, icon: 'mail', badge: live?.unreadFeedback },
    ...LINKS.slice(4).filter((l) => !(staff && l.to === '/user/hesap')),
  ];
  return <Sidebar links={links} onLogout={onLogout} storageKey="qrmenu_user_sidebar" />;
}

/** Owner area frame: collapsible sidebar and the current screen. */
export default function UserLayout() {
  const logout = useLogout();
  return (
    <OwnerLiveProvider>
    <BranchProvider>
    <div className="flex min-h-dvh">
      <OwnerSidebar onLogout={() => void logout()} />
      <main className="min-w-0 flex-1 px-3 py-5 sm:px-8 sm:py-8">
        <div className="mx-auto max-w-6xl">
          <VerifyBanner />
          <BranchSwitcher />
          <Outlet />
        </div>
      </main>
    </div>
    </BranchProvider>
    </OwnerLiveProvider>
  );
}
