import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { Deliveries } from './Deliveries.js';
import { EVENT_LABELS, type WebhookEndpoint, type WebhookListing } from './types.js';
import './webhooks.css';

const BASE = '/api/config/webhooks';

/** Outgoing webhooks (`/config/webhooks`, issue 21): endpoints, their events, a test event and the delivery log. */
export default function WebhooksPanel(_props: PanelProps) {
  const listing = useResource<WebhookListing>(BASE);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  async function act(run: () => Promise<void>) {
    setError('');
    try {
      await run();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const endpoints = listing.data?.endpoints ?? [];
  return (
    <Panel
      title="Webhooks"
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
        Tessera posts a signed JSON message to each address below when one of its events happens. See the documentation
        for checking the <code>Tessera-Signature</code> header.
      </p>
      {listing.data && !listing.data.secretsEncrypted && (
        <p className="ed-help">
          Signing secrets are stored unencrypted because TESSERA_SECRET_KEY is not set on the server.
        </p>
      )}
      {secret && (
        <div className="ed-card ed-webhooks__secret" role="region" aria-label="Signing secret">
          <p>Signing secret for {secret.url}. Copy it now: it is not shown again.</p>
          <input readOnly value={secret.secret} aria-label="Signing secret" onFocus={(e) => e.target.select()} />
          <button type="button" onClick={() => setSecret(null)}>
            I have copied it
          </button>
        </div>
      )}
      {listing.data && (
        <AddEndpoint
          events={listing.data.events}
          onAdded={async (url, newSecret) => {
            setSecret({ url, secret: newSecret });
            setStatus(`Endpoint ${url} added.`);
            await listing.reload();
          }}
        />
      )}
      {listing.data && endpoints.length === 0 && <p className="ed-empty">No webhook endpoints yet.</p>}
      <ul className="ed-webhooks__list">
        {endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            open={open === endpoint.id}
            onToggle={() => setOpen(open === endpoint.id ? null : endpoint.id)}
            act={act}
            onChanged={async (text) => {
              setStatus(text);
              await listing.reload();
            }}
            onSecret={(newSecret) => setSecret({ url: endpoint.url, secret: newSecret })}
          />
        ))}
      </ul>
    </Panel>
  );
}

function AddEndpoint(props: { events: string[]; onAdded: (url: string, secret: string) => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const made = await api<{ endpoint: WebhookEndpoint; secret: string }>('POST', BASE, { url, events: picked });
      setUrl('');
      setPicked([]);
      await props.onAdded(made.endpoint.url, made.secret);
    } catch (e) {
      const given = e instanceof ApiError ? (e.body.fields as Record<string, string> | undefined) : undefined;
      setFields(given ?? { url: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ed-card ed-webhooks__add" onSubmit={(e) => void submit(e)} aria-label="Add an endpoint">
      <h2>Add an endpoint</h2>
      <label>
        Receiver address
        <input
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/hooks/tessera"
          aria-invalid={fields.url ? true : undefined}
          aria-describedby={fields.url ? 'ed-webhooks-url-error' : undefined}
          required
        />
      </label>
      {fields.url && (
        <p className="ed-field-error" id="ed-webhooks-url-error">
          {fields.url}
        </p>
      )}
      <fieldset>
        <legend>Events</legend>
        {props.events.map((type) => (
          <label key={type} className="ed-webhooks__event">
            <input
              type="checkbox"
              checked={picked.includes(type)}
              onChange={(e) => setPicked(e.target.checked ? [...picked, type] : picked.filter((p) => p !== type))}
            />
            {EVENT_LABELS[type] ?? type}
          </label>
        ))}
      </fieldset>
      {fields.events && <p className="ed-field-error">{fields.events}</p>}
      <button type="submit" disabled={busy}>
        Add endpoint
      </button>
    </form>
  );
}

function EndpointCard(props: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onToggle: () => void;
  act: (run: () => Promise<void>) => Promise<void>;
  onChanged: (status: string) => Promise<void>;
  onSecret: (secret: string) => void;
}) {
  const { endpoint } = props;
  const [testResult, setTestResult] = useState('');
  const [logVersion, setLogVersion] = useState(0);
  const path = `${BASE}/${encodeURIComponent(endpoint.id)}`;
  return (
    <li className="ed-card ed-webhooks__endpoint" aria-label={endpoint.url}>
      <div className="ed-webhooks__row">
        <strong className="ed-webhooks__url">{endpoint.url}</strong>
        <span className={endpoint.enabled ? 'ed-badge' : 'ed-badge ed-badge--warn'}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      <p>{endpoint.events.map((e) => EVENT_LABELS[e] ?? e).join(', ')}</p>
      {endpoint.disabledReason && <p className="ed-field-error">{endpoint.disabledReason}</p>}
      {endpoint.previousSecretUntil && (
        <p className="ed-help">
          Signed with the new and the previous secret until {new Date(endpoint.previousSecretUntil).toLocaleString()}.
        </p>
      )}
      <div className="ed-webhooks__actions">
        <button
          type="button"
          onClick={() =>
            void props.act(async () => {
              setTestResult('Sending…');
              const sent = await api<{
                delivery: { status: string; responseStatus: number | null; error: string | null };
              }>('POST', `${path}/test`);
              const d = sent.delivery;
              setTestResult(
                d.status === 'delivered'
                  ? `Test event delivered (HTTP ${d.responseStatus}).`
                  : `Test event not delivered: ${d.error ?? `HTTP ${d.responseStatus}`}`,
              );
              setLogVersion((v) => v + 1);
            })
          }
        >
          Send test event
        </button>
        <button type="button" aria-expanded={props.open} onClick={props.onToggle}>
          {props.open ? 'Hide deliveries' : 'Recent deliveries'}
        </button>
        <button
          type="button"
          onClick={() =>
            void props.act(async () => {
              await api('PATCH', path, { enabled: !endpoint.enabled });
              await props.onChanged(endpoint.enabled ? 'Endpoint disabled.' : 'Endpoint enabled.');
            })
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          onClick={() =>
            void props.act(async () => {
              if (!window.confirm('Make a new signing secret? The current one keeps working for 24 hours.')) return;
              const made = await api<{ secret: string }>('POST', `${path}/rotate-secret`);
              props.onSecret(made.secret);
              await props.onChanged('New signing secret made; the previous one works for 24 more hours.');
            })
          }
        >
          Rotate secret
        </button>
        <button
          type="button"
          onClick={() =>
            void props.act(async () => {
              if (!window.confirm(`Delete the endpoint ${endpoint.url}?`)) return;
              await api('DELETE', path);
              await props.onChanged('Endpoint deleted.');
            })
          }
        >
          Delete
        </button>
      </div>
      {testResult && <p role="status">{testResult}</p>}
      {props.open && <Deliveries key={logVersion} path={path} act={props.act} />}
    </li>
  );
}
