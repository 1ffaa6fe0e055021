import { useCallback, useEffect } from 'react';
import { api } from '../../api.js';
import { LoadMore, TableHead } from '../shared/ListParts.js';
import { nextCursor, usePagedList } from '../shared/paged-list.js';
import { showDate } from '../orders/labels.js';
import type { RestockSignUp, SignUpGroup, SignUpPage } from '@tessera/core/contracts/restock';

const STATES: Record<string, string> = { pending: 'Waiting', sending: 'Sending', sent: 'Notified' };

/** The sign-ups of one variant, oldest first, a page at a time. */
export function SignUps(props: { group: SignUpGroup; label: string; version: number }) {
  const { productId, variantId } = props.group;
  const fetchPage = useCallback(
    async (after: string | null) => {
      const params = new URLSearchParams({ productId, variantId });
      if (after) params.set('cursor', after);
      const page = await api<SignUpPage>('GET', `/api/site-users/account/notifications/restock?${params}`);
      return { items: page.signUps, next: nextCursor(page) };
    },
    [productId, variantId],
  );
  const { items: rows, cursor, loading, error, load } = usePagedList<RestockSignUp>(fetchPage);
  // `version` changes after a send, so the states shown are the new ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the group was sent
  useEffect(() => {
    void load(null);
  }, [load, props.version]);

  return (
    <div className="ed-restock-signups">
      {error && (
        <p className="ed-error" role="alert">
          {error}
        </p>
      )}
      <table className="ed-table">
        <caption>Sign-ups for {props.label}</caption>
        <TableHead columns={['Email', 'Signed up', 'State', 'Mailing list']} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.email}</td>
              <td>{showDate(row.createdOn)}</td>
              <td>
                {STATES[row.state] ?? row.state}
                {row.sentOn && <span className="ed-hint"> {showDate(row.sentOn)}</span>}
              </td>
              <td>{row.isJoinMailingList ? 'Joins' : 'No'}</td>
            </tr>
          ))}
          {rows.length === 0 && !loading && (
            <tr>
              <td colSpan={4}>No sign-ups.</td>
            </tr>
          )}
        </tbody>
      </table>
      <LoadMore cursor={cursor} loading={loading} onMore={(after) => void load(after)}>
        Load more sign-ups
      </LoadMore>
    </div>
  );
}
