// The catalogue domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.

export {
  checkProduct,
  productInput,
  slugify,
  variantColumns,
  variantWeights,
  type ProductInput,
} from './product-input.js';
