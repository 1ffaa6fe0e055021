import { Fragment, useCallback, useEffect, useState } from 'react';
import { api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { LoadMore, TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { nextCursor, usePagedList } from '../shared/paged-list.js';
import { SignUps } from './SignUps.js';
import type { SendAllAnswer, SendOutcome, SignUpGroup, SignUpGroupPage } from '@tessera/core/contracts/restock';
import { groupLabel, outcomeText } from './labels.js';
import './restock.css';

const API = '/api/site-users/account/notifications/restock';
const keyOf = (g: { productId: string; variantId: string }) => `${g.productId}/${g.variantId}`;

/**
 * Restock: the sign-ups grouped per variant with pending and sent counts (keyset pages), the
 * sign-ups of a group, and sending the notifications of one group or of every group.
 */
export default function RestockPanel(_props: PanelProps) {
  const [busy, setBusy] = useState<string | undefined>();
  const [open, setOpen] = useState<string | undefined>();
  const [versions, setVersions] = useState<Record<string, number>>({});
  const [status, setStatus] = useState('');
  const [results, setResults] = useState<{ label: string; text: string }[]>([]);

  const fetchPage = useCallback(async (after: string | null) => {
    const page = await api<SignUpGroupPage>(
      'GET',
      `${API}/groups${after ? `?cursor=${encodeURIComponent(after)}` : ''}`,
    );
    return { items: page.signUpGroups, next: nextCursor(page) };
  }, []);
  const {
    items: groups,
    setItems: setGroups,
    cursor,
    loading,
    error,
    setError,
    load,
  } = usePagedList<SignUpGroup>(fetchPage);
  useEffect(() => {
    void load(null);
  }, [load]);

  function applyOutcome(outcome: SendOutcome) {
    const key = keyOf(outcome);
    setGroups((old) =>
      old.map((g) =>
        keyOf(g) === key
          ? { ...g, pendingCount: Math.max(0, g.pendingCount - outcome.sent), sentCount: g.sentCount + outcome.sent }
          : g,
      ),
    );
    setVersions((old) => ({ ...old, [key]: (old[key] ?? 0) + 1 }));
  }

  async function sendOne(group: SignUpGroup) {
    const label = groupLabel(group);
    setBusy(keyOf(group));
    try {
      const outcome = await api<SendOutcome>('POST', `${API}/send`, {
        productId: group.productId,
        variantId: group.variantId,
      });
      applyOutcome(outcome);
      const text = outcomeText(outcome);
      setResults([{ label, text }]);
      setStatus(`${label}: ${text}.`);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  }

  async function sendAll() {
    setBusy('all');
    try {
      const answer = await api<SendAllAnswer>('POST', `${API}/send/all`, {});
      const labels = new Map(groups.map((g) => [keyOf(g), groupLabel(g)]));
      for (const outcome of answer.results) applyOutcome(outcome);
      setResults(
        answer.results.map((r) => ({
          label: labels.get(keyOf(r)) ?? `${r.productId} / ${r.variantId}`,
          text: outcomeText(r),
        })),
      );
      setStatus(
        answer.results.length ? `All groups: ${outcomeText(answer)}.` : 'Nobody is waiting for a notification.',
      );
      setError('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  }

  const pending = groups.reduce((n, g) => n + g.pendingCount, 0);
  return (
    <Panel
      title="Restock notifications"
      error={error}
      actions={
        <button type="button" className="ed-primary" disabled={!!busy || loading} onClick={() => void sendAll()}>
          {busy === 'all' ? 'Sending…' : 'Send all'}
        </button>
      }
    >
      <p className="ed-hint">
        Visitors who asked to hear when a sold-out variant is back, grouped by variant. Send the notifications once the
        variant has stock.
      </p>
      {(status || results.length > 0) && (
        <section className="ed-card ed-restock-results" aria-labelledby="ed-restock-results">
          <h2 id="ed-restock-results">Last send</h2>
          <p role="status">{status}</p>
          {results.length > 1 && (
            <ul>
              {results.map((r) => (
                <li key={r.label}>
                  {r.label}: {r.text}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {groups.length === 0 && !loading ? (
        <p className="ed-empty">No restock sign-ups yet.</p>
      ) : (
        <table className="ed-table ed-restock-table" aria-busy={loading}>
          <caption className="ed-sr">
            Sign-up groups, {pending} pending notification{pending === 1 ? '' : 's'} shown
          </caption>
          <TableHead columns={['Variant', 'SKU', 'Pending', 'Sent']} hidden="Actions" />
          <tbody>
            {groups.map((group) => {
              const key = keyOf(group);
              const label = groupLabel(group);
              const expanded = open === key;
              return (
                <Fragment key={key}>
                  <tr>
                    <th scope="row">{label}</th>
                    <td>{group.sku}</td>
                    <td>{group.pendingCount}</td>
                    <td>{group.sentCount}</td>
                    <td className="ed-restock-actions">
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={expanded ? `ed-restock-${key}` : undefined}
                        onClick={() => setOpen(expanded ? undefined : key)}
                      >
                        {expanded ? 'Hide sign-ups' : 'Show sign-ups'}
                        <span className="ed-sr"> for {label}</span>
                      </button>
                      <button
                        type="button"
                        disabled={!!busy || group.pendingCount === 0}
                        onClick={() => void sendOne(group)}
                      >
                        {busy === key ? 'Sending…' : 'Send'}
                        <span className="ed-sr"> notifications for {label}</span>
                      </button>
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={`ed-restock-${key}`}>
                      <td colSpan={5}>
                        <SignUps group={group} label={label} version={versions[key] ?? 0} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      <LoadMore cursor={cursor} loading={loading} className="ed-restock-more" onMore={(after) => void load(after)}>
        Load more
      </LoadMore>
    </Panel>
  );
}
