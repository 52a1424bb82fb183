import type { FastifyPluginAsync } from 'fastify';
import { isMenuLanguage, LANG_MSG, parseLanguages, saveTranslationsSchema, type FieldErrors, type MenuLanguage, type SaveTranslationsInput, type TranslationsResponse, translationsResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findSettings } from '../settings/index.js';
import { listTranslations, saveTranslations } from './translations.repository.js';
import { TAG } from '../../platform/openapi/fragments.js';

/**
 * The save body, validated; errors keyed by the field's whole path (`items.3.description`,
 * `business.service_note`) so the page shows each under its input.
 */
function parseTranslations(body: unknown): SaveTranslationsInput {
  const result = saveTranslationsSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw new ValidationError(errors, { status: 422 });
}

/** The owner's translations of the menu into the enabled languages (`Çeviriler`). */
const translationsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  /** The owner's enabled languages, and `lang` checked against them (422 otherwise). */
  const languageOf = async (userId: number, lang: unknown, fallback: boolean): Promise<{ lang: MenuLanguage; languages: MenuLanguage[] }> => {
    const languages = parseLanguages((await findSettings(app.db, userId))?.languages);
    if ((lang === undefined || lang === '') && fallback && languages.length > 0) return { lang: languages[0], languages };
    if (!isMenuLanguage(lang)) throw new ValidationError({ lang: [LANG_MSG.unknownLanguage] }, { status: 422, message: LANG_MSG.unknownLanguage });
    if (!languages.includes(lang)) throw new ValidationError({ lang: [LANG_MSG.languageNotEnabled] }, { status: 422, message: LANG_MSG.languageNotEnabled });
    return { lang, languages };
  };

  const answer = async (userId: number, lang: MenuLanguage, languages: MenuLanguage[], message: string): Promise<TranslationsResponse> => {
    const { items, business, completeness } = await listTranslations(app.db, userId, lang);
    return { status: 200, message, lang, languages, items, business, completeness };
  };

  app.get<{ Querystring: { lang?: string } }>('/api/translations', {
    ...guard,
    config: { doc: { tag: TAG.settings, access: 'user', response: translationsResponseSchema, query: { lang: 'Dil kodu (en, de, ru, ar, fr)' }, summary: 'Menü çevirileri' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const { lang, languages } = await languageOf(userId, request.query.lang, true);
    return answer(userId, lang, languages, LANG_MSG.translationsLoaded);
  });

  app.post('/api/translations', {
    ...guard,
    config: { cache: 'owner', doc: { tag: TAG.settings, access: 'user', body: { as: 'json', schema: saveTranslationsSchema }, response: translationsResponseSchema, summary: 'Menü çevirilerini kaydet' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const input = parseTranslations(request.body);
    const { lang, languages } = await languageOf(userId, input.lang, false);
    if (!(await saveTranslations(app.db, userId, input))) throw new NotFoundError(LANG_MSG.itemNotFound);
    return answer(userId, lang, languages, LANG_MSG.translationsSaved);
  });
};

export default translationsRoutes;
