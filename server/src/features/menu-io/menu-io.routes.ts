import type { FastifyPluginAsync } from 'fastify';
import { importMenuResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { readExport } from './owner-work.js';
import { importMenuFile, readUpload } from './import-menu.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';

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
    const { body, contentType, name } = await readExport(app.db, authOf(request).userId, request.query, app.clock.now());
    return reply
      .header('Content-Type', contentType)
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
    return importMenuFile(app.db, userId, await readUpload(request), isoNow(app.clock));
  });
};

export default menuIoRoutes;
