// The error catalogue and the one error type the server throws for expected failures.
export { type CatalogueEntry, ERROR_CATALOGUE, type ErrorCode, type ErrorStatus, isErrorCode } from './catalogue.js';
export { type FailOptions, fail, isTesseraError, TesseraError } from './tessera-error.js';
