import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALLERGENS, BULK_MSG, IMPORT_LIMITS, LABELS, istanbulDay, kurusToTl, planLimitMessage, planOf, SHEET_COLUMNS, SHEET_FIELDS, translationColumns, type ImportError,
  importMenuResponseSchema,
} from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError } from '../../platform/errors.js';
import { buildPlan } from './import-plan.js';
import { sheetText } from './sheet-cells.js';
import { readSheet, SheetError, writeCsv, writeXlsx, type ExtraSheet, type OutCell, type SheetRow } from './spreadsheet.js';
import { importMenu, menuForExport } from './menu-io.repository.js';
import { findSettings } from '../settings/index.js';
import { TAG } from '../../platform/openapi/fragments.js';

/** Column widths (characters) of the XLSX. */
const WIDTHS: Record<string, number> = {
  category: 22, name: 32, description: 48, selling_price: 14, original_price: 16, allergen: 24, status: 10, allergens: 26, labels: 22, sold_out: 10,
};
const TRANSLATION_WIDTHS = { name: 32, description: 48 } as const;

/** The XLSX's second sheet: the codes the Alerjenler and Etiketler columns take, with their meaning. */
const CODES_SHEET: ExtraSheet = {
  name: 'Kodlar',
  header: ['Sütun', 'Kod', 'Anlamı'],
  rows: [
    ...Object.entries(ALLERGENS).map(([code, name]) => [SHEET_COLUMNS.allergens, code, name]),
    ...Object.entries(LABELS).map(([code, name]) => [SHEET_COLUMNS.labels, code, name]),
    [SHEET_COLUMNS.sold_out, 'Evet', 'Ürün tükendi'],
    [SHEET_COLUMNS.sold_out, 'Hayır', 'Ürün satışta'],
  ],
  widths: [14, 16, 32],
};
const PRICE_FIELDS = new Set(['selling_price', 'original_price']);

/** Body 422 with the errors as `[{row, field, message}]`; nothing was changed. */
const refuse = (message: string, errors: ImportError[], extra: Record<string, unknown> = {}) => new AppError(200, 422, message, { errors, ...extra });
const fileError = (message: string) => refuse(message, [{ row: null, field: 'file', message }]);

/** The uploaded `file` (≤ 2 MB) and the `dry_run` field of the multipart body. */
async function readUpload(request: FastifyRequest): Promise<{ file?: Buffer; dryRun: boolean }> {
  const q = request.query as Record<string, string | undefined>;
  let dryRun = q.dry_run === '1' || q.dry_run === 'true';
  if (!request.isMultipart()) throw fileError(BULK_MSG.fileRequired);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname === 'file' && buf.length > 0) file = buf;
      } else if (part.fieldname === 'dry_run') {
        dryRun = part.value === '1' || part.value === 'true';
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(BULK_MSG.fileTooLarge);
    throw err;
  }
  return { file, dryRun };
}

/** Owner's menu as a spreadsheet, and a spreadsheet back into the menu (with a preview). */
const menuIoRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get<{ Querystring: { format?: string; template?: string } }>('/api/export-menu', {
    ...guard,
    config: {
      doc: {
        tag: TAG.bulk, access: 'user', query: { format: 'xlsx (varsayılan) veya csv', template: '1: yalnızca başlıklar (şablon)' },
        file: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], description: 'Menü tablosu (ek olarak indirilir).' },
        summary: 'Menüyü Excel/CSV olarak indir',
      },
    },
  }, async (request, reply) => {
    const { userId } = authOf(request);
    const format = (request.query.format ?? 'xlsx').toLowerCase();
    if (format !== 'xlsx' && format !== 'csv') throw new AppError(200, 422, BULK_MSG.badFormat, { errors: { format: [BULK_MSG.badFormat] } });
    const template = request.query.template === '1';
    const { products, languages, translations } = await menuForExport(app.db, userId);
    const trColumns = translationColumns(languages);
    const header = [...SHEET_FIELDS.map((f) => SHEET_COLUMNS[f]), ...trColumns.map((t) => t.column)];
    const cell = (p: (typeof products)[number], f: (typeof SHEET_FIELDS)[number]): OutCell => {
      if (f === 'category') return p.category_name;
      if (PRICE_FIELDS.has(f)) return kurusToTl(p[f as 'selling_price' | 'original_price']);
      return sheetText(f, p[f]) || null;
    };
    const rows: OutCell[][] = (template ? [] : products).map((p) => [
      ...SHEET_FIELDS.map((f) => cell(p, f)),
      ...trColumns.map((t) => translations.get(p.id)?.get(t.lang)?.[t.part] || null),
    ]);
    const slug = (await findSettings(app.db, userId))?.companyengname || 'menu';
    const name = `${template ? 'menu-sablonu' : `menu-${slug}`}-${istanbulDay()}.${format}`;
    const body = format === 'csv'
      ? writeCsv(header, rows)
      : await writeXlsx(header, rows, {
        sheetName: 'Menü',
        extra: CODES_SHEET,
        widths: [...SHEET_FIELDS.map((f) => WIDTHS[f] ?? 16), ...trColumns.map((t) => TRANSLATION_WIDTHS[t.part])],
        priceColumns: SHEET_FIELDS.flatMap((f, i) => (PRICE_FIELDS.has(f) ? [i] : [])),
      });
    return reply
      .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  app.post('/api/import-menu', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.bulk, access: 'user', query: { dry_run: '1: yalnızca önizleme' },
        body: { as: 'multipart', file: { name: 'file', description: 'Excel (.xlsx) veya CSV, en fazla 2 MB', required: true }, description: '`dry_run`: 1 ise önizleme' },
        response: importMenuResponseSchema,
        summary: 'Menüyü Excel/CSV’den içe aktar',
        description: 'Hatalı dosya: gövde `status: 422` ve `errors: [{row, field, message}]`; hiçbir şey değişmez.',
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const { file, dryRun } = await readUpload(request);
    if (!file) throw fileError(BULK_MSG.fileRequired);
    let rows: SheetRow[];
    try {
      rows = await readSheet(file);
    } catch (err) {
      if (err instanceof SheetError) throw fileError(BULK_MSG.notSpreadsheet);
      throw err;
    }
    if (rows.length - 1 > IMPORT_LIMITS.maxRows) throw fileError(BULK_MSG.tooManyRows(IMPORT_LIMITS.maxRows));
    const { plan, overLimit, count } = await importMenu(app.db, userId, {
      dryRun,
      plan: (menu) => buildPlan(rows, menu),
      limit: (level) => planOf(level).productLimit,
    });
    if (plan.errors.length > 0) {
      const fileLevel = plan.errors.find((e) => e.row === null);
      throw refuse(fileLevel?.message ?? BULK_MSG.rowErrors(plan.errors.length), plan.errors);
    }
    if (overLimit) {
      const p = planOf((await findSettings(app.db, userId))?.userlevel);
      throw refuse(planLimitMessage(p), [{ row: null, field: 'file', message: planLimitMessage(p) }], { limit: p.productLimit, plan: p.name, count });
    }
    return {
      status: 200,
      message: dryRun ? BULK_MSG.previewReady : BULK_MSG.imported,
      dry_run: dryRun,
      summary: {
        categories_created: plan.newCategories.size,
        products_created: plan.creates.length,
        products_updated: plan.updates.length,
        unchanged: plan.unchanged,
      },
      errors: [],
      changes: plan.changes,
    };
  });
};

export default menuIoRoutes;
