import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { OwnerAccount } from './accounts.js';
import type { AdminCategoryRow, AdminMessageRow, AdminProductRow, AdminUserRow } from './admin.js';
import type { OwnerSettings } from './owner.js';
import type { TranslationItem } from './responses-menu.js';
import { adminCategoryRowSchema, adminMessageRowSchema, adminProductRowSchema, adminUserRowSchema, ownerAccountSchema } from './responses-admin.js';
import { translationsResponseSchema } from './responses-menu.js';
import { apiErrorSchema, ownerSettingsSchema } from './responses.js';

describe('response schemas', () => {
  it('describe the same shapes as the interfaces the web reads that are not derived from them (checked by tsc)', () => {
    expectTypeOf<z.infer<typeof ownerSettingsSchema>>().toMatchTypeOf<OwnerSettings>();
    expectTypeOf<z.infer<typeof adminUserRowSchema>>().toEqualTypeOf<AdminUserRow>();
    expectTypeOf<z.infer<typeof adminCategoryRowSchema>>().toEqualTypeOf<AdminCategoryRow>();
    expectTypeOf<z.infer<typeof adminProductRowSchema>>().toMatchTypeOf<AdminProductRow>();
    expectTypeOf<z.infer<typeof adminMessageRowSchema>>().toEqualTypeOf<AdminMessageRow>();
    expectTypeOf<z.infer<typeof ownerAccountSchema>>().toEqualTypeOf<OwnerAccount>();
    expectTypeOf<z.infer<typeof translationsResponseSchema>['items'][number]>().toEqualTypeOf<TranslationItem>();
  });

  it('an error body is never a success', () => {
    expect(apiErrorSchema.safeParse({ status: 422, message: 'Lütfen işaretli alanları düzeltin.', errors: { name: ['Ad alanı zorunludur.'] } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ status: 422, message: 'x', errors: [{ row: 3, field: 'name', message: 'Ürün adı zorunludur.' }] }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ status: 200, message: 'Tamam' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ status: 404 }).success).toBe(false);
  });
});
