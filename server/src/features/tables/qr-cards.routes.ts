import type { FastifyPluginAsync } from 'fastify';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { ownerQrLogo, ownerTableCards, type CardsQuery } from './qr-cards.js';
import { TAG } from '../../platform/openapi/fragments.js';

/**
 * `GET /api/qr-cards.pdf[?tables=1-10&logo=1&renk=1&branch=N]`: the owner's printable table cards. Each QR
 * code encodes `PUBLIC_URL/qr/{slug}?masa=N` (a branch's slug with `?branch=`), so it scans back to its table. No table count: one
 * card without a table. Errors come as JSON (body 404 / 422) like every owner call.
 * `GET /api/qr-logo.png`: the owner's logo for the QR screen's own PNGs.
 */
const qrCardsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: CardsQuery }>('/api/qr-cards.pdf', {
    preHandler: requireAuth('user'), compress: false,
    config: {
      doc: {
        tag: TAG.tables, access: 'user',
        query: {
          tables: 'Masa aralığı, ör. 1-10 (varsayılan: tüm masalar)',
          logo: '1: işletmenin logosu kodların ortasında (hata düzeltme düzeyi H)',
          renk: '1: kodlar ve vurgular tema renginde (okutulamayacak kadar açık bir renk koyulaştırılır)',
          branch: 'Şube (GET /api/branches): kodlar şubenin adresine gider, kartta şubenin adı ve Wi-Fi bilgisi, masalar şubenin masa sayısı kadar (yok veya 0: ana şube)',
        },
        file: { types: ['application/pdf'], description: 'Masa kartları (PDF).' }, summary: 'Masa kartlarını PDF olarak indir',
        description: 'Geçersiz aralık veya seçenek, ya da logo istenip yüklenmemişse: gövde `status: 422`. Adresi olmayan işletme veya başka bir hesabın şubesi: gövde `status: 404`.',
      },
    },
  }, async (request, reply) => {
    const pdf = await ownerTableCards(app.db, app.storage, authOf(request).userId, app.config.publicUrl, request.query);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', 'attachment; filename="masa-kartlari.pdf"')
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });

  app.get('/api/qr-logo.png', {
    preHandler: requireAuth('user'),
    config: {
      doc: {
        tag: TAG.tables, access: 'user',
        file: { types: ['image/png'], description: 'İşletmenin logosu (PNG, en çok 256 piksel), karekodun ortası için.' }, summary: 'Karekod için logoyu indir',
        description: 'Logo yüklenmemişse: gövde `status: 404`.',
      },
    },
  }, async (request, reply) => {
    const png = await ownerQrLogo(app.db, app.storage, authOf(request).userId);
    return reply.type('image/png').header('Cache-Control', 'private, no-cache').send(png);
  });
};

export default qrCardsRoutes;
