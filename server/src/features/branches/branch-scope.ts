import { sql, type RawBuilder } from 'kysely';
import { MAIN_BRANCH_ID, ORDER_MSG } from '@qrmenu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findBranch, findMainProfile, listBranches, staffBranchesOf } from './branches.repository.js';

/**
 * Which branches an owner's or staff member's read or write of the tables reaches (orders, calls,
 * bills, reports). A branch is named by its number: 0 the main branch (the business profile; null
 * in the rows' `branch_id`), else an extra branch's id.
 *
 * - `branch`: the one branch asked for (`?branch=`); undefined: every branch the caller may see.
 * - `only`: a staff member who works at some branches (`staff_members.branch_ids`) reaches only
 *   those; undefined: every branch (the owner, and staff without an assignment).
 */
export interface BranchScope {
  branch?: number;
  only?: number[];
}

/** A row's branch number (`coalesce(branch_id, 0)`: the main branch's rows have none). */
export const branchNo = (column: string): RawBuilder<number> => sql<number>`coalesce(${sql.ref(column)}, 0)`;
/** The number of a branch as stored in a row's `branch_id` (the main branch: null). */
export const storedBranch = (no: number): number | null => (no === MAIN_BRANCH_ID ? null : no);

/** Whether a row of branch `no` is within the scope. */
export const inScope = (s: BranchScope, no: number) => (s.branch === undefined || s.branch === no) && (s.only === undefined || s.only.includes(no));

const invalid = () => new ValidationError({ branch: [ORDER_MSG.branchInvalid] }, { status: 422, message: ORDER_MSG.branchInvalid });

/**
 * The scope of a request: `?branch=` (absent: `fallback` — every branch, or the main one for the
 * routes of one table), checked against the account (another owner's branch: 404) and the staff
 * member's branches (a branch they do not work at: 404, as if it did not exist). Junk: 422.
 */
export async function branchScope(app: FastifyInstance, request: FastifyRequest, raw: unknown, fallback: 'all' | 'main' = 'all'): Promise<BranchScope> {
  const who = authOf(request);
  const only = who.staffRole ? await staffBranchesOf(app.db, who.actor.id) : undefined;
  const v: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  let branch: number | undefined = fallback === 'main' ? MAIN_BRANCH_ID : undefined;
  if (v !== undefined && v !== '') {
    if (typeof v !== 'string' || !/^\d{1,9}$/.test(v)) throw invalid();
    branch = Number(v);
    if (branch !== MAIN_BRANCH_ID && !(await findBranch(app.db, who.userId, branch))) throw new NotFoundError();
  }
  if (branch !== undefined && only && !only.includes(branch)) throw new NotFoundError();
  return { branch, only };
}

/** How the activity log and the screens name table `masa` of branch `no`: "Masa 5" at the main branch, "Kadıköy · Masa 5" at another. */
export async function tableLabel(app: FastifyInstance, userId: number, no: number, masa: number): Promise<string> {
  return (await tableLabels(app, userId, no, [masa]))[0];
}

/** `tableLabel` of several tables of one branch (the branch read once). */
export async function tableLabels(app: FastifyInstance, userId: number, no: number, masas: number[]): Promise<string[]> {
  const b = no === MAIN_BRANCH_ID || !masas.length ? undefined : await findBranch(app.db, userId, no);
  return masas.map((masa) => (b ? `${b.name} · Masa ${masa}` : `Masa ${masa}`));
}

/** The branches `only` reaches (undefined: all), for a picker: the main one first (0, the business's name), then the extra ones. */
export async function branchesInScope(app: FastifyInstance, userId: number, only: number[] | undefined) {
  const m = await findMainProfile(app.db, userId);
  const main = { id: MAIN_BRANCH_ID, name: m?.companyname || 'Ana şube', deskcount: m?.deskcount == null ? null : Number(m.deskcount) };
  const extra = (await listBranches(app.db, userId)).map((b) => ({ id: b.id, name: b.name, deskcount: b.deskcount == null ? null : Number(b.deskcount) }));
  return [main, ...extra].filter((b) => only === undefined || only.includes(b.id));
}
