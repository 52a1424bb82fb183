import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { PageHeader } from '../../components/ui';
import { BULK_TEXT as T } from '../../texts/bulk';
import { MenuImportCard } from './MenuImportCard';
import { PriceUpdateCard } from './PriceUpdateCard';
import type { Answer, categoryNamesResponseSchema } from '@qrmenu/contract';

/** "Toplu İşlemler": the whole menu as a spreadsheet, and price updates for many products at once. */
export default function BulkOperations() {
  const [categories, setCategories] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    api
      .get<Answer<typeof categoryNamesResponseSchema>>('/api/all-category')
      .then((res) => res.status === 200 && setCategories(res.category))
      .catch(() => undefined);
  }, []);
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="grid gap-6">
        <MenuImportCard />
        <PriceUpdateCard categories={categories} />
      </div>
    </div>
  );
}
