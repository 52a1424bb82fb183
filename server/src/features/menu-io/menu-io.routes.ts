import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ALLERGENS, BULK_MSG, formatAmount, IMPORT_LIMITS, LABELS, istanbulDay, kurusToTl, planLimitMessage, planOf, PORTION_COLUMNS, SHEET_COLUMNS, SHEET_FIELDS, translationColumns, type ImportError,
} from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError } from '../../platform/errors.js';
import { buildPlan } from './import-plan.js';
import { canonicalVariants, sheetText } from './sheet-cells.js';
import { readSheetOffThread, SheetError, SheetTooLargeError, writeCsv, writeXlsxOffThread, type ExtraSheet, type OutCell, type SheetRow } from './spreadsheet.js';
import { importMenu, menuForExport } from './menu-io.repository.js';
import { findSettings } from '../settings/index.js';

/** Column widths (characters) of the XLSX. */
const WIDTHS: Record<string, number> = {
  category: 22, name: 32, description: 48, selling_price: 14, original_price: 16, allergen: 24, status: 10, allergens: 26, labels: 22, sold_out: 10, amount: 12,
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

  app.get<{ Querystring: { format?: string; template?: string } }>('/api/export-menu', guard, async (request, reply) => {
    const { userId } = authOf(request);
    const format = (request.query.format ?? 'xlsx').toLowerCase();
    if (format !== 'xlsx' && format !== 'csv') throw new AppError(200, 422, BULK_MSG.badFormat, { errors: { format: [BULK_MSG.badFormat] } });
    const template = request.query.template === '1';
    const { products, languages, translations } = await menuForExport(app.db, userId);
    const trColumns = translationColumns(languages);
    // the Miktar column once the owner gives amounts (the import reads it whenever it is there)
    const fields = SHEET_FIELDS.filter((f) => f !== 'amount' || (!template && products.some((p) => p.amount != null)));
    const portions = new Map(products.map((p) => [p.id, JSON.parse(canonicalVariants(p.variants)) as Array<{ name: string; price: number }>]));
    // the spec's columns first, then a name and a price column per portion, then the translations
    const pairs = Math.max(0, ...[...portions.values()].map((v) => v.length));
    const portionHeader = Array.from({ length: pairs }, (_, i) => [PORTION_COLUMNS.name(i + 1), PORTION_COLUMNS.price(i + 1)]).flat();
    const header = [...fields.map((f) => SHEET_COLUMNS[f]), ...portionHeader, ...trColumns.map((t) => t.column)];
    const cell = (p: (typeof products)[number], f: (typeof SHEET_FIELDS)[number]): OutCell => {
      if (f === 'category') return p.category_name;
      if (f === 'amount') return formatAmount(p.amount, p.amount_unit) || null;
      if (PRICE_FIELDS.has(f)) return kurusToTl(p[f as 'selling_price' | 'original_price']);
      return sheetText(f, p[f]) || null;
    };
    const rows: OutCell[][] = (template ? [] : products).map((p) => [
      ...fields.map((f) => cell(p, f)),
      ...Array.from({ length: pairs }, (_, i) => portions.get(p.id)![i]).flatMap((v) => (v ? [v.name, kurusToTl(v.price)] : [null, null])),
      ...trColumns.map((t) => translations.get(p.id)?.get(t.lang)?.[t.part] || null),
    ]);
    const slug = (await findSettings(app.db, userId))?.companyengname || 'menu';
    const name = `${template ? 'menu-sablonu' : `menu-${slug}`}-${istanbulDay()}.${format}`;
    const body = format === 'csv'
      ? writeCsv(header, rows)
      : await writeXlsxOffThread(header, rows, {
        sheetName: 'Menü',
        extra: CODES_SHEET,
        widths: [...fields.map((f) => WIDTHS[f] ?? 16), ...portionHeader.map((_, i) => (i % 2 ? 18 : 14)), ...trColumns.map((t) => TRANSLATION_WIDTHS[t.part])],
        priceColumns: [
          ...fields.flatMap((f, i) => (PRICE_FIELDS.has(f) ? [i] : [])),
          ...portionHeader.flatMap((_, i) => (i % 2 ? [fields.length + i] : [])),
        ],
      });
    return reply
      .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  app.post('/api/import-menu', guard, async (request) => {
    const { userId } = authOf(request);
    const { file, dryRun } = await readUpload(request);
    if (!file) throw fileError(BULK_MSG.fileRequired);
    let rows: SheetRow[];
    try {
      rows = await readSheetOffThread(file);
    } catch (err) {
      if (err instanceof SheetTooLargeError) throw fileError(BULK_MSG.unpackedTooLarge);
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
