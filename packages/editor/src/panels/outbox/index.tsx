import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { LoadMore, RowLink, TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import './outbox.css';
import type { MailMessage, OutboxMessageAnswer, OutboxPage } from '@tessera/core/contracts/outbox';
import { deliveryText, KIND_LABELS, sentDate } from './mail-message.js';

export const OUTBOX_PATH = '/config/mail';

/** The mail outbox: every message the site sent or queued, newest first (`/config/mail`), and one message (`…/<id>`). */
export default function OutboxPanel({ path, navigate }: PanelProps) {
  const id = decodeURIComponent(path.slice(OUTBOX_PATH.length).replace(/^\/+|\/+$/g, ''));
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState('');
  const first = useResource<OutboxPage>(`/api/config/mail-outbox${filter ? `?to=${encodeURIComponent(filter)}` : ''}`);
  const [more, setMore] = useState<MailMessage[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setMore([]);
    setCursor(first.data?.nextPageCursor ?? null);
  }, [first.data]);

  if (id) return <MessageView id={id} onBack={() => navigate(OUTBOX_PATH)} />;

  const messages = [...(first.data?.messages ?? []), ...more];

  async function loadMore() {
    if (!cursor) return;
    const params = new URLSearchParams({ cursor });
    if (filter) params.set('to', filter);
    try {
      const page = await api<OutboxPage>('GET', `/api/config/mail-outbox?${params.toString()}`);
      setMore((list) => [...list, ...page.messages]);
      setCursor(page.nextPageCursor);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter(to.trim());
  };

  return (
    <Panel
      title="Mail outbox"
      error={error || first.error}
      onDismissError={error ? () => setError('') : undefined}
      actions={
        <button type="button" onClick={() => void first.reload()}>
          Refresh
        </button>
      }
    >
      <form className="ed-outbox__filter" onSubmit={onFilter} role="search">
        <label>
          Recipient
          <input type="email" value={to} onChange={(e) => setTo(e.target.value)} placeholder="name@example.com" />
        </label>
        <button type="submit">Filter</button>
        {filter && (
          <button
            type="button"
            onClick={() => {
              setTo('');
              setFilter('');
            }}
          >
            Show every recipient
          </button>
        )}
      </form>
      {first.loading && !first.data && <p className="ed-empty">Loading…</p>}
      {first.data && messages.length === 0 && (
        <p className="ed-empty">{filter ? `No messages to ${filter}.` : 'No mail has been sent yet.'}</p>
      )}
      {messages.length > 0 && (
        <table className="ed-table ed-outbox">
          <TableHead columns={['Subject', 'To', 'Kind', 'Date', 'Delivery']} />
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <th scope="row">
                  <RowLink
                    href={`${OUTBOX_PATH}/${encodeURIComponent(message.id)}`}
                    onOpen={() => navigate(`${OUTBOX_PATH}/${encodeURIComponent(message.id)}`)}
                  >
                    {message.subject}
                  </RowLink>
                </th>
                <td>{message.to}</td>
                <td>{KIND_LABELS[message.kind]}</td>
                <td>
                  <time dateTime={message.createdAt}>{sentDate(message.createdAt)}</time>
                </td>
                <td>
                  {message.state === 'retrying'
                    ? 'Retrying'
                    : message.state === 'failed'
                      ? 'Failed'
                      : message.state === 'sent'
                        ? 'Sent'
                        : 'Kept'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore cursor={cursor} className="ed-outbox__more" onMore={() => void loadMore()}>
        Load older messages
      </LoadMore>
    </Panel>
  );
}

/** One message: its header lines and plain text (the HTML part is not rendered, so no mail markup runs here). */
function MessageView({ id, onBack }: { id: string; onBack: () => void }) {
  const found = useResource<OutboxMessageAnswer>(`/api/config/mail-outbox/${encodeURIComponent(id)}`);
  const message = found.data?.message;
  return (
    <Panel
      title={message?.subject ?? 'Message'}
      error={found.error}
      actions={
        <button type="button" onClick={onBack}>
          Back to the outbox
        </button>
      }
    >
      {found.loading && !message && <p className="ed-empty">Loading…</p>}
      {message && (
        <article className="ed-card ed-outbox__message" aria-label={message.subject}>
          <dl>
            <dt>To</dt>
            <dd>{message.to}</dd>
            <dt>Kind</dt>
            <dd>{KIND_LABELS[message.kind]}</dd>
            <dt>Date</dt>
            <dd>
              <time dateTime={message.createdAt}>{sentDate(message.createdAt)}</time>
            </dd>
            <dt>Delivery</dt>
            <dd>{deliveryText(message)}</dd>
            {message.lastError && message.state !== 'sent' && (
              <>
                <dt>Last error</dt>
                <dd>{message.lastError}</dd>
              </>
            )}
            {message.state === 'retrying' && message.nextAttemptAt && (
              <>
                <dt>Next try</dt>
                <dd>
                  <time dateTime={message.nextAttemptAt}>{sentDate(message.nextAttemptAt)}</time>
                </dd>
              </>
            )}
          </dl>
          <pre className="ed-outbox__text">{message.text}</pre>
        </article>
      )}
    </Panel>
  );
}
