import { type CatalogueEntry, ERROR_CATALOGUE, type ErrorCode, type ErrorStatus } from './catalogue.js';

/**
 * An expected failure that reaches the client as `{ error, message, ...extra }` with the catalogue's
 * status (through the app's one error handler, `platform/http/error-handler.ts`). Only catalogue codes compile;
 * a status other than the entry's own must be one its `also` lists.
 */
export class TesseraError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: C, message?: string, extra?: Record<string, unknown>, status?: ErrorStatus<C>) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[code];
    super(message ?? entry.message);
    this.name = 'TesseraError';
    this.code = code;
    this.status = (status as number | undefined) ?? entry.status;
    this.extra = extra;
  }

  toJSON(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export interface FailOptions<C extends ErrorCode> {
  /** Further fields of the answer (`fields`, `errors`, `captchaRequired`, …). */
  extra?: Record<string, unknown>;
  status?: ErrorStatus<C>;
}

/** Throws the catalogue error `code`, with its default message unless `message` is given. */
export function fail<C extends ErrorCode>(code: C, message?: string, options: FailOptions<C> = {}): never {
  throw new TesseraError(code, message, options.extra, options.status);
}

export function isTesseraError(value: unknown): value is TesseraError {
  return value instanceof TesseraError;
}
