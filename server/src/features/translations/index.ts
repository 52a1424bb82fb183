/** What other features may use of translations (ARCHITECTURE.md: a feature imports another only through its index). */
export { businessTranslation, categoryTranslations, orderedProductTranslations, productTranslations } from './translations.repository.js';
