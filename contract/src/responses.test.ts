import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { OwnerAccount } from './accounts.js';
import type { AdminCategoryRow, AdminMessageRow, AdminProductRow, AdminUserRow } from './admin.js';
import type { OwnerCategory, OwnerProduct, OwnerSettings } from './owner.js';
import type { PublicCompany, PublicCategory, PublicProduct } from './public.js';
import type { FeedbackItem, WaiterCall } from './tables.js';
import type { TranslationItem } from './languages.js';
import { adminCategoryRowSchema, adminMessageRowSchema, adminProductRowSchema, adminUserRowSchema, ownerAccountSchema } from './responses-admin.js';
import { feedbackItemSchema, translationsResponseSchema } from './responses-menu.js';
import {
  apiErrorSchema, ownerCategorySchema, ownerProductSchema, ownerSettingsSchema, publicCategorySchema, publicCompanySchema, publicProductSchema, waiterCallSchema,
} from './responses.js';

describe('response schemas', () => {
  it('describe the same shapes as the interfaces the web reads (checked by tsc)', () => {
    expectTypeOf<z.infer<typeof ownerCategorySchema>>().toEqualTypeOf<OwnerCategory>();
    expectTypeOf<z.infer<typeof ownerProductSchema>>().toEqualTypeOf<OwnerProduct>();
    expectTypeOf<z.infer<typeof ownerSettingsSchema>>().toMatchTypeOf<OwnerSettings>();
    expectTypeOf<z.infer<typeof publicCompanySchema>>().toEqualTypeOf<PublicCompany>();
    expectTypeOf<z.infer<typeof publicCategorySchema>>().toEqualTypeOf<PublicCategory>();
    expectTypeOf<z.infer<typeof publicProductSchema>>().toEqualTypeOf<PublicProduct>();
    expectTypeOf<z.infer<typeof adminUserRowSchema>>().toEqualTypeOf<AdminUserRow>();
    expectTypeOf<z.infer<typeof adminCategoryRowSchema>>().toEqualTypeOf<AdminCategoryRow>();
    expectTypeOf<z.infer<typeof adminProductRowSchema>>().toMatchTypeOf<AdminProductRow>();
    expectTypeOf<z.infer<typeof adminMessageRowSchema>>().toEqualTypeOf<AdminMessageRow>();
    expectTypeOf<z.infer<typeof ownerAccountSchema>>().toEqualTypeOf<OwnerAccount>();
    expectTypeOf<z.infer<typeof feedbackItemSchema>>().toEqualTypeOf<FeedbackItem>();
    expectTypeOf<z.infer<typeof waiterCallSchema>>().toEqualTypeOf<WaiterCall>();
    expectTypeOf<z.infer<typeof translationsResponseSchema>['items'][number]>().toEqualTypeOf<TranslationItem>();
  });

  it('an error body is never a success', () => {
    expect(apiErrorSchema.safeParse({ status: 422, message: 'Lütfen işaretli alanları düzeltin.', errors: { name: ['Ad alanı zorunludur.'] } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ status: 422, message: 'x', errors: [{ row: 3, field: 'name', message: 'Ürün adı zorunludur.' }] }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ status: 200, message: 'Tamam' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ status: 404 }).success).toBe(false);
  });
});
