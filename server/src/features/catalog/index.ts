/** What other features may use of catalog (ARCHITECTURE.md: a feature imports another only through its index). */
export { findCategory, listCategoryNames } from './categories.repository.js';
export { presentContent, storeVariants, variantsOf } from './product-content.js';
export { countProducts, findProduct, listProducts } from './products.repository.js';
export type { ProductValues } from './products.repository.js';
