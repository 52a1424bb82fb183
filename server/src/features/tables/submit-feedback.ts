import { feedbackSchema, fieldErrors, type FeedbackInput, type FieldErrors } from '@qrmenu/contract';
import type { FastifyInstance } from 'fastify';
import { insertFeedback } from './feedback.repository.js';
import { tableOf, type DinerBusiness } from './diner-business.js';
import { feedbackLimits, withinLimits, type Diner } from './diner-limits.js';

export type FeedbackOutcome =
  | { kind: 'saved'; masa?: number }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'limited' };

/**
 * A survey answer from a diner (JSON twin and plain form). The honeypot (`website`, invisible to
 * people) filled in: answered as saved, nothing stored. Invalid: field errors, nothing stored and
 * nothing counted. Valid: counted against its table's and device's limits and the business's and
 * IP's ceilings (features/tables/diner-limits.ts), then stored. Name and phone are kept only with the KVKK consent (the schema requires it).
 */
export async function submitFeedback(app: FastifyInstance, business: DinerBusiness, body: Record<string, unknown>, diner: Diner): Promise<FeedbackOutcome> {
  const honeypot = typeof body.website === 'string' && body.website.trim() !== '';
  const parsed = feedbackSchema.safeParse(body);
  const masa = tableOf(business, body.masa);
  if (honeypot) return { kind: 'saved', masa };
  if (!parsed.success) return { kind: 'invalid', errors: fieldErrors(parsed.error) };
  if (!(await withinLimits(app, 'feedback', business.userId, masa, diner, feedbackLimits(app)))) return { kind: 'limited' };
  const f: FeedbackInput = parsed.data;
  const ratings = Object.fromEntries(Object.entries(f.ratings).filter(([, v]) => v !== undefined)) as Record<string, number>;
  await insertFeedback(app.db, {
    userId: business.userId,
    masa: masa ?? null,
    ratings,
    comment: f.comment,
    name: f.name ?? null,
    tel: f.tel ?? null,
    branchId: business.branchId ?? null,
  }, app.clock.now());
  return { kind: 'saved', masa };
}

