import type { CatalogueEntry } from './catalogue.js';

/**
 * The entries of one area of the API (a group of docs/api.md's error table):
 * `owners(401, 'Sign in to continue.')`, with `{ also, note }` where an entry has them. The status
 * and `also` keep their literal types, so `fail()` and `TesseraError` accept only a code's statuses.
 */
export function errorArea(area: string) {
  return <const S extends number, const M extends Pick<CatalogueEntry, 'also' | 'note'> = Record<never, never>>(
    status: S,
    message: string,
    more?: M,
  ) =>
    ({ status, message, area, ...more }) as { readonly status: S; readonly message: string; readonly area: string } & M;
}
