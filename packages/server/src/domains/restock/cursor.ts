/**
 * Opaque page cursors: the sort key of the last row a page returned, as base64url JSON. Pages are
 * keyset pages (rows strictly after the key), so rows added while someone walks the pages never
 * shift what the next page returns: each row is seen once.
 */
export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key of a cursor with `parts` strings, or undefined when it is not one this server made. */
export function decodeCursor(cursor: string | undefined, parts: number): string[] | undefined {
  if (!cursor || cursor.length > 512) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(key) || key.length !== parts || !key.every((v) => typeof v === 'string')) return undefined;
    return key as string[];
  } catch {
    return undefined;
  }
}

/** A page of `limit` rows out of `rows` (fetched with limit + 1), with the cursor of its last row. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => readonly string[],
): { rows: T[]; hasNextPage: boolean; nextPageCursor: string | null } {
  const hasNextPage = rows.length > limit;
  const page = hasNextPage ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor(keyOf(last)) : null };
}
