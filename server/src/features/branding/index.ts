/** What other features may use of branding (ARCHITECTURE.md: a feature imports another only through its index). */
export { BRANDING_COLUMNS, brandingValues, presentBranding, saveBranding } from './branding.repository.js';
export type { BrandingValues } from './branding.repository.js';
export { firstMenuPhoto } from './seo.repository.js';
