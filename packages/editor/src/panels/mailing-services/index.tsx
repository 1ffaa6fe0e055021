import { useState } from 'react';
import { api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { ConnectMailchimp, ConnectWebhook } from './ConnectForms.js';
import { countsText, type MailingConnection, type MailingDelivery, type MailingListing } from './types.js';
import './mailing-services.css';

const BASE = '/api/config/mailing-services';

/**
 * Mailing services (`/config/mailing-services`, issue 21): every newsletter sign-up of the site is
 * also sent to each connected service (Mailchimp audience or a signed webhook target).
 */
export default function MailingServicesPanel(_props: PanelProps) {
  const listing = useResource<MailingListing>(BASE);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [secret, setSecret] = useState<string | null>(null);

  async function act(run: () => Promise<void>) {
    setError('');
    try {
      await run();
    } catch (e) {
      setError((e as Error).message);
    }
  }
  async function connected(made: MailingListing) {
    if (made.secret) setSecret(made.secret);
    setStatus('Connected. New newsletter sign-ups will be sent there.');
    await listing.reload();
  }

  const connections = listing.data?.connections ?? [];
  return (
    <Panel
      title="Mailing services"
      error={error || listing.error}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
      actions={
        <button type="button" onClick={() => void listing.reload()}>
          Refresh
        </button>
      }
    >
      <p className="ed-help">
        Every new subscriber from the site's newsletter sign-ups (newsletter blocks, newsletter forms and restock
        sign-ups that join the list) is also sent to each service connected here. Failed sends are retried.
      </p>
      {listing.data && !listing.data.secretsAvailable && (
        <p className="ed-field-error">{listing.data.secretsMessage}</p>
      )}
      {secret && (
        <div className="ed-card" role="region" aria-label="Signing secret">
          <p>Signing secret of the webhook target. Copy it now: it is not shown again.</p>
          <input readOnly value={secret} aria-label="Signing secret" onFocus={(e) => e.target.select()} />
          <button type="button" onClick={() => setSecret(null)}>
            I have copied it
          </button>
        </div>
      )}
      {listing.data && connections.length === 0 && <p className="ed-empty">No mailing service connected yet.</p>}
      <ul className="ed-mailing__list">
        {connections.map((c) => (
          <ConnectionCard
            key={c.id}
            connection={c}
            act={act}
            onChanged={async (text) => {
              setStatus(text);
              await listing.reload();
            }}
          />
        ))}
      </ul>
      {listing.data?.secretsAvailable && (
        <div className="ed-mailing__connect">
          <ConnectMailchimp onConnected={connected} />
          <ConnectWebhook onConnected={connected} />
        </div>
      )}
    </Panel>
  );
}

function ConnectionCard(props: {
  connection: MailingConnection;
  act: (run: () => Promise<void>) => Promise<void>;
  onChanged: (status: string) => Promise<void>;
}) {
  const c = props.connection;
  const path = `${BASE}/${encodeURIComponent(c.id)}`;
  const [log, setLog] = useState<MailingDelivery[] | null>(null);
  return (
    <li className="ed-card ed-mailing__connection" aria-label={c.label}>
      <div className="ed-mailing__row">
        <strong>{c.label}</strong>
        <span className={c.failed > 0 ? 'ed-badge ed-badge--warn' : 'ed-badge'}>{countsText(c)}</span>
      </div>
      {c.kind === 'webhook' && <p className="ed-mailing__url">{c.url}</p>}
      {c.kind === 'mailchimp' && c.doubleOptIn && <p>New subscribers confirm by email.</p>}
      {c.lastError && (
        <p className="ed-field-error">
          Last error{c.lastErrorAt ? ` (${new Date(c.lastErrorAt).toLocaleString()})` : ''}: {c.lastError}
        </p>
      )}
      <div className="ed-mailing__row">
        {c.failed > 0 && (
          <button
            type="button"
            onClick={() =>
              void props.act(async () => {
                await api('POST', `${path}/retry`);
                await props.onChanged('Failed sign-ups sent again.');
              })
            }
          >
            Retry failed
          </button>
        )}
        <button
          type="button"
          aria-expanded={log !== null}
          onClick={() =>
            void props.act(async () => {
              if (log) return setLog(null);
              setLog((await api<{ deliveries: MailingDelivery[] }>('GET', `${path}/deliveries`)).deliveries);
            })
          }
        >
          {log ? 'Hide sign-ups' : 'Recent sign-ups'}
        </button>
        <button
          type="button"
          onClick={() =>
            void props.act(async () => {
              if (!window.confirm(`Disconnect ${c.label}? Sign-ups waiting to be sent there are dropped.`)) return;
              await api('DELETE', path);
              await props.onChanged('Disconnected.');
            })
          }
        >
          Disconnect
        </button>
      </div>
      {log && (
        <ul className="ed-mailing__log" aria-label="Recent sign-ups">
          {log.length === 0 && <li>No sign-ups sent yet.</li>}
          {log.map((d) => (
            <li key={d.id}>
              {d.email}: {d.status === 'delivered' ? 'Sent' : d.status === 'failed' ? 'Failed' : 'Waiting'}
              {d.error ? ` (${d.error})` : ''}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
