import fc from 'fast-check';
import type { DB } from '../src/platform/db/database.js';
import { dbFingerprint as fingerprintAllTables } from './db-tables.js';

/** Field names the API knows, so random payloads hit real validation paths. */
export const KNOWN_FIELDS = [
  'name', 'email', 'password', 'company', 'address', 'number', 'mail', 'tel', 'message', 'surname', 'companyname',
  'city', 'deskcount', 'qrlink', 'companyengname', 'count', 'qr_status', 'status', 'userlevel', 'category_id',
  'selling_price', 'original_price', 'allergen', 'description', 'image', 'current_password', 'new_password',
  'password_confirmation', 'role', 'user_id', 'id', 'created_at',
];

const NASTY = [
  "' OR 1=1 --", "'; DROP TABLE users; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '${7*7}', '{{7*7}}',
  '../../../etc/passwd', '\u0000', '\uFEFF', 'İıŞşĞğÜüÖöÇç', '🍕🍔', 'NaN', 'Infinity', '-1', '1e309', '0x10', '   ', '',
  'x'.repeat(70_000),
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

export const hostileBody: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...KNOWN_FIELDS), fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.string({ maxLength: 8 })),
  hostileValue,
  { maxKeys: 8 },
);

/**
 * A fingerprint of every table the database lists (`db-tables.ts`: sqlite_master or
 * information_schema, so a new table is in it without an edit here), to prove that an error
 * answer changed nothing.
 */
export const dbFingerprint = (db: DB): Promise<string> => fingerprintAllTables(db);

/** What must never reach a client. */
export const LEAK = /(\bat \w+ \(|\/node_modules\/|SQLITE_|syntax error|relation ".*" does not exist|violates|stack|TypeError|ReferenceError|Kysely|better-sqlite3|pg-protocol)/i;
