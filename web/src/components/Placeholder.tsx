import { PageHeader, EmptyState } from './ui';

/** A titled placeholder for a screen that a later issue fills in. */
export function Placeholder({ title }: { title: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <EmptyState title="Bu ekran hazırlanıyor" text="Bu bölüm yakında kullanıma açılacak." />
    </div>
  );
}
