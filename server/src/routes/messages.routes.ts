import type { FastifyPluginAsync } from 'fastify';
import { contactSchema, PUBLIC_MSG, type ContactInput } from '@qrmenu/contract';
import { insertMessage } from '../repositories/messages.repository.js';
import { parseBody } from '../validate.js';

/**
 * POST /api/store-message (spec §7, §8): the contact form of the landing page and /iletisim.
 * 400 `Eksik Alanları Doldurunuz` with `errors` keyed by field; 200 `Mesaj Başarıyla Gönderildi`.
 * Rate limited per IP (RATE_LIMIT_CONTACT per 10 minutes → HTTP 429). Only messages that would be
 * stored count: the body is validated before the limiter runs (preValidation, limiter in
 * preHandler), so a visitor correcting a form field by field is never locked out by the 400s,
 * which write nothing.
 */
const messagesRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/store-message',
    {
      config: { rateLimit: { ...app.limits.contact, hook: 'preHandler' } },
      preValidation: async (request) => {
        request.body = parseBody(contactSchema, request.body, { status: 400, message: PUBLIC_MSG.missingFields });
      },
    },
    async (request) => {
      await insertMessage(app.db, request.body as ContactInput);
      return { status: 200, message: PUBLIC_MSG.messageSent };
    },
  );
};

export default messagesRoutes;
