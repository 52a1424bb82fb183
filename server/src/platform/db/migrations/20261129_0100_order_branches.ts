import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Orders per branch (issue 43 item 1): a table's basket lines, sessions and orders at an extra
 * branch name it (`branch_id`; null: the main branch, so every row before this stays the main
 * branch's). Table 2 of the main branch and table 2 of a branch are two tables: the one open
 * session per table (migration 20261128_2110) is now one per account, branch and table — the
 * partial unique index takes the branch (`coalesce(branch_id, 0)`, both databases index
 * expressions), so two first orders at one branch's table still share one session.
 */
const ROWS = ['basket_items', 'table_sessions', 'orders'] as const;

export const orderBranches: Migration = {
  async up(db: Kysely<any>) {
    for (const t of ROWS) await db.schema.alterTable(t).addColumn('branch_id', 'integer').execute();
    await db.schema.dropIndex('table_sessions_one_open').ifExists().execute();
    await sql.raw(`create unique index table_sessions_one_open_branch on table_sessions (user_id, coalesce(branch_id, 0), masa) where closed_at is null`).execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('table_sessions_one_open_branch').ifExists().execute();
    // the branches' orders cannot stay without their branch: they would be the main branch's tables
    const branchOrders = db.selectFrom('orders').select('id').where('branch_id', 'is not', null);
    await db.deleteFrom('order_items').where('order_id', 'in', branchOrders).execute();
    for (const t of ['orders', 'table_sessions', 'basket_items'] as const) await db.deleteFrom(t).where('branch_id', 'is not', null).execute();
    await sql.raw(`create unique index table_sessions_one_open on table_sessions (user_id, masa) where closed_at is null`).execute(db);
    for (const t of ROWS) await db.schema.alterTable(t).dropColumn('branch_id').execute();
  },
};
