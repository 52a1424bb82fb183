import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database.js';
import { init } from './migrations/20261122_0001_init.js';
import { viewJournal } from './migrations/20261123_0001_view_journal.js';
import { menuContent } from './migrations/20261125_0100_menu_content.js';
import { languages } from './migrations/20261125_0600_languages.js';
import { accounts } from './migrations/20261125_0200_accounts.js';
import { bulk } from './migrations/20261125_0400_bulk.js';
import { tables } from './migrations/20261125_0300_tables.js';
import { branding } from './migrations/20261125_0700_branding.js';
import { adminLists } from './migrations/20261125_0800_admin_lists.js';
import { adminCounts } from './migrations/20261125_0801_admin_counts.js';
import { settingsSearchIndex } from './migrations/20261125_0802_settings_search_index.js';
import { dailyTotals } from './migrations/20261125_0803_daily_totals.js';
import { productCategoryKey } from './migrations/20261125_0900_product_category_key.js';
import { monthlyViews } from './migrations/20261126_0920_monthly_views.js';
import { productsUserStatus } from './migrations/20261126_0921_products_user_status.js';
import { searchPairs } from './migrations/20261126_0922_search_pairs.js';
import { businessTranslations } from './migrations/20261128_1400_business_translations.js';
import { priceLists } from './migrations/20261128_1410_price_lists.js';
import { staff } from './migrations/20261128_1500_staff.js';
import { orders } from './migrations/20261128_1600_orders.js';
import { serviceHours } from './migrations/20261128_1700_service_hours.js';
import { turkishSortKeys } from './migrations/20261128_1800_turkish_sort_keys.js';
import { companySortKey } from './migrations/20261128_2100_company_sort_key.js';
import { oneOpenSession } from './migrations/20261128_2110_one_open_session.js';
import { orderReportIndex } from './migrations/20261128_1920_order_report_index.js';
import { branches } from './migrations/20261128_1950_branches.js';
import { orderBranches } from './migrations/20261129_0100_order_branches.js';
import { branchPriceLists } from './migrations/20261129_0200_branch_price_lists.js';
import { branchAdminViews } from './migrations/20261129_0300_branch_admin_views.js';
import { branchOrderSettings } from './migrations/20261129_1200_branch_order_settings.js';

/**
 * Migrations are imported statically (the server is bundled), keyed by their timestamped name.
 * Never edit a landed migration: add a new file and list it here.
 */
const MIGRATIONS: Record<string, Migration> = {
  '20261122_0001_init': init,
  '20261123_0001_view_journal': viewJournal,
  '20261125_0100_menu_content': menuContent,
  '20261125_0600_languages': languages,
  '20261125_0200_accounts': accounts,
  '20261125_0400_bulk': bulk,
  '20261125_0300_tables': tables,
  '20261125_0700_branding': branding,
  '20261125_0800_admin_lists': adminLists,
  '20261125_0801_admin_counts': adminCounts,
  '20261125_0802_settings_search_index': settingsSearchIndex,
  '20261125_0803_daily_totals': dailyTotals,
  '20261125_0900_product_category_key': productCategoryKey,
  '20261126_0920_monthly_views': monthlyViews,
  '20261126_0921_products_user_status': productsUserStatus,
  '20261126_0922_search_pairs': searchPairs,
  '20261128_1400_business_translations': businessTranslations,
  '20261128_1410_price_lists': priceLists,
  '20261128_1500_staff': staff,
  '20261128_1600_orders': orders,
  '20261128_1700_service_hours': serviceHours,
  '20261128_1800_turkish_sort_keys': turkishSortKeys,
  '20261128_2100_company_sort_key': companySortKey,
  '20261128_2110_one_open_session': oneOpenSession,
  '20261128_1920_order_report_index': orderReportIndex,
  '20261128_1950_branches': branches,
  '20261129_0100_order_branches': orderBranches,
  '20261129_0200_branch_price_lists': branchPriceLists,
  '20261129_0300_branch_admin_views': branchAdminViews,
  '20261129_1200_branch_order_settings': branchOrderSettings,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/**
 * Undoes the latest migration that ran (its `down`); returns its name, or undefined when none is
 * left. Tests take every database to zero and back this way (`server/test/app-wide/migrations.test.ts`).
 */
export async function migrateDownOne(db: DB): Promise<string | undefined> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateDown();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration down failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
  return results?.find((r) => r.status === 'Success')?.migrationName;
}
