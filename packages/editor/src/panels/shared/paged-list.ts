import { useCallback, useState } from 'react';

/** One page of a keyset-paged list: its items and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** The next page's cursor of an API answer, or null when there is none. */
export const nextCursor = (page: { hasNextPage: boolean; nextPageCursor: string | null }) =>
  page.hasNextPage ? page.nextPageCursor : null;

/**
 * A list loaded a page at a time: `load(null)` starts over from the first page, `load(cursor)`
 * appends the next. Wrap `fetchPage` in useCallback: a new one makes a new `load`.
 */
export function usePagedList<T>(fetchPage: (after: string | null) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      try {
        const page = await fetchPage(after);
        setItems((old) => (after ? [...old, ...page.items] : page.items));
        setCursor(page.next);
        setError('');
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [fetchPage],
  );
  return { items, setItems, cursor, loading, error, setError, load };
}
