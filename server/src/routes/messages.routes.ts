import type { FastifyPluginAsync } from 'fastify';
import { contactSchema, PUBLIC_MSG } from '@qrmenu/contract';
import { insertMessage } from '../repositories/messages.repository.js';
import { parseBody } from '../validate.js';

/**
 * POST /api/store-message (spec §7, §8): the contact form of the landing page and /iletisim.
 * 400 `Eksik Alanları Doldurunuz` with `errors` keyed by field; 200 `Mesaj Başarıyla Gönderildi`.
 * Rate limited per IP (RATE_LIMIT_CONTACT per 10 minutes → HTTP 429).
 */
const messagesRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/store-message', { config: { rateLimit: app.limits.contact } }, async (request) => {
    const input = parseBody(contactSchema, request.body, { status: 400, message: PUBLIC_MSG.missingFields });
    await insertMessage(app.db, input);
    return { status: 200, message: PUBLIC_MSG.messageSent };
  });
};

export default messagesRoutes;
