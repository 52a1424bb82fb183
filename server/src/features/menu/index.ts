/** What other features may use of menu (ARCHITECTURE.md: a feature imports another only through its index). */
export { FAST_PATH_ROUTES, newFastPathCounts } from './cache/menu-fast-path.js';
export type { FastPathCounts } from './cache/menu-fast-path.js';
export { Logo, metaThemeColor, themeCss } from './pages/brand-blocks.js';
export { PhotoBase, photoBaseOf } from './pages/photo.js';
export { TURKISH_PAGE, pageLang, withLang } from './pages/lang.js';
export type { PageLang } from './pages/lang.js';
export type { OrderWords, TableWords } from './pages/locales.js';
export { renderNotFound } from './pages/pages.js';
export { withMasa } from './pages/page-table.js';
export type { PageTable } from './pages/page-table.js';
export { HERO_CSS, MENU_CSS } from './pages/styles.js';
export { MENU_TEXT } from './pages/texts.js';
export { orderedNames } from './public-menu-i18n.js';
export type { OrderedNames } from './public-menu-i18n.js';
export { findBusinessBySlug } from './public-menu.repository.js';
export type { PublicBusiness } from './public-menu.repository.js';
export { langParam, slugParam } from './params.js';
export { replayViewJournals } from './views/view-journal.js';
