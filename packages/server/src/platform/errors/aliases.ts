// The error catalogue and its error type live in `platform/errors/`; these names stay for the
// modules that import them from here until the domain move (issue 16) updates their imports.
export {
  type CatalogueEntry as ErrorDefinition,
  ERROR_CATALOGUE as ERRORS,
  type ErrorCode,
  isTesseraError as isAppError,
  TesseraError as AppError,
} from './index.js';
