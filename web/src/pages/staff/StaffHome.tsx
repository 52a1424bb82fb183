import { Link } from 'react-router';
import { STAFF_ROLE_HINTS, STAFF_ROLE_LABELS } from '@qrmenu/contract';
import { useSignedIn } from '../../components/AuthGuard';
import { useLogout } from '../../components/useLogout';
import { Button, Card } from '../../components/ui';
import { STAFF_HOME_TEXT as T } from '../../texts/staff';

interface Tile {
  to: string;
  title: string;
  text: string;
}

/**
 * /personel: a staff member's home after sign-in, with what their role allows. The kitchen and
 * waiter screens themselves are /personel/mutfak and /personel/garson; a yonetici also gets the
 * owner's panel. The owner may open it too.
 */
export default function StaffHome() {
  const who = useSignedIn();
  const logout = useLogout();
  const role = who?.staff_role;
  const tiles: Tile[] = [];
  if (!role || role === 'garson' || role === 'yonetici') tiles.push({ to: '/personel/garson', title: T.waiter, text: T.waiterText });
  if (!role || role === 'mutfak' || role === 'yonetici') tiles.push({ to: '/personel/mutfak', title: T.kitchen, text: T.kitchenText });
  if (!role || role === 'yonetici') tiles.push({ to: '/user', title: T.panel, text: T.panelText });

  return (
    <main className="min-h-dvh bg-stone-50 px-3 py-6 sm:px-8 sm:py-10">
      <div className="mx-auto max-w-4xl">
        <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-stone-900">{T.title(who?.username ?? '')}</h1>
            <p className="mt-1 text-stone-700">{role ? T.subtitle(who?.business ?? '', STAFF_ROLE_LABELS[role]) : T.ownerSubtitle}</p>
          </div>
          <Button variant="secondary" onClick={() => void logout()}>
            {T.logout}
          </Button>
        </header>
        {role && (
          <p className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="staff-rights">
            <span className="font-semibold">{T.rights}:</span> {STAFF_ROLE_HINTS[role]}
          </p>
        )}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((t) => (
            <li key={t.to}>
              <Card className="flex h-full flex-col">
                <h2 className="text-lg font-semibold text-stone-900">{t.title}</h2>
                <p className="mt-1 flex-1 text-sm text-stone-700">{t.text}</p>
                <Link to={t.to} className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
                  {t.title} — {T.open}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
