import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { showDate } from '../orders/labels.js';
import type { SignUp, SignUpGroup, SignUpPage } from './types.js';

const STATES: Record<string, string> = { pending: 'Waiting', sending: 'Sending', sent: 'Notified' };

/** The sign-ups of one variant, oldest first, a page at a time. */
export function SignUps(props: { group: SignUpGroup; label: string; version: number }) {
  const { productId, variantId } = props.group;
  const [rows, setRows] = useState<SignUp[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      const params = new URLSearchParams({ productId, variantId });
      if (after) params.set('cursor', after);
      try {
        const page = await api<SignUpPage>('GET', `/api/site-users/account/notifications/restock?${params}`);
        setRows((old) => (after ? [...old, ...page.signUps] : page.signUps));
        setCursor(page.hasNextPage ? page.nextPageCursor : null);
        setError('');
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [productId, variantId],
  );
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
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Signed up</th>
            <th scope="col">State</th>
            <th scope="col">Mailing list</th>
          </tr>
        </thead>
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
      {cursor && (
        <button type="button" disabled={loading} onClick={() => void load(cursor)}>
          Load more sign-ups
        </button>
      )}
    </div>
  );
}
