import type { PaymentConnections, ProviderConnection } from '@tessera/core/contracts/payment-connections';
import { useState } from 'react';
import { api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { type FieldErrors, fieldErrorsOf } from './field-errors.js';
import { TextField } from './fields.js';

/** The fields of each provider's form, in the words of its dashboard. */
const FIELDS: Record<ProviderConnection['provider'], { key: string; label: string; secret: boolean; hint: string }[]> =
  {
    stripe: [
      {
        key: 'secretKey',
        label: 'Secret key',
        secret: true,
        hint: 'Developers → API keys in the Stripe dashboard: sk_test_… for test mode, sk_live_… to take real payments.',
      },
      {
        key: 'webhookSecret',
        label: 'Webhook signing secret',
        secret: true,
        hint: 'Add the webhook address below as an endpoint in Stripe, then copy its signing secret (whsec_…).',
      },
    ],
    paypal: [
      {
        key: 'clientId',
        label: 'Client ID',
        secret: false,
        hint: 'Apps & Credentials in the PayPal developer dashboard.',
      },
      { key: 'clientSecret', label: 'Secret', secret: true, hint: 'Shown next to the client ID of the same app.' },
      {
        key: 'webhookId',
        label: 'Webhook ID',
        secret: false,
        hint: 'Add the webhook address below to the app in PayPal, then copy the ID PayPal gives it.',
      },
    ],
  };

const HINT_LABELS: Record<string, string> = {
  secretKey: 'Secret key',
  webhookSecret: 'Webhook signing secret',
  clientId: 'Client ID',
  clientSecret: 'Secret',
  webhookId: 'Webhook ID',
};

const PATH = '/api/config/payments/connections';

function ModeBadge({ mode }: { mode: ProviderConnection['mode'] }) {
  if (!mode) return null;
  return (
    <span className={`ed-badge ed-payment-mode ed-payment-mode-${mode}`}>
      {mode === 'live' ? 'Live mode' : 'Test mode'}
    </span>
  );
}

/** One provider: what is connected (masked), the webhook address, and the form to connect or replace keys. */
function ProviderCard(props: {
  connection: ProviderConnection;
  secretsAvailable: boolean;
  onChanged: (c: PaymentConnections) => void;
}) {
  const { connection } = props;
  const fields = FIELDS[connection.provider];
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const prefix = connection.provider;
  const showForm = !connection.readOnly && (!connection.connected || editing);

  async function run(work: () => Promise<PaymentConnections>, done: string) {
    setBusy(true);
    setStatus('');
    try {
      const next = await work();
      setErrors({});
      setError('');
      setValues({});
      setEditing(false);
      setStatus(done);
      props.onChanged(next);
    } catch (e) {
      const found = fieldErrorsOf(
        e,
        fields.map((f) => f.key),
      );
      setErrors(Object.fromEntries(Object.entries(found).map(([key, message]) => [`${prefix}.${key}`, message])));
      setError(Object.keys(found).length ? '' : (e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ed-card ed-payment-provider" aria-labelledby={`ed-payment-${prefix}`}>
      <h2 id={`ed-payment-${prefix}`}>
        {connection.label}{' '}
        {connection.connected ? <ModeBadge mode={connection.mode} /> : <span className="ed-badge">Not connected</span>}
      </h2>
      {connection.readOnly && <p className="ed-hint">Set by environment variables on the server; change them there.</p>}
      {connection.problem && (
        <p role="alert" className="ed-field-error">
          {connection.problem}
        </p>
      )}
      {connection.connected && (
        <dl className="ed-payment-hints">
          {Object.entries(connection.hints).map(([key, value]) => (
            <div key={key}>
              <dt>{HINT_LABELS[key] ?? key}</dt>
              <dd className="ed-store-code">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="ed-form-row">
        <label htmlFor={`ed-payment-${prefix}-webhook`}>Webhook address to enter at {connection.label}</label>
        <input
          id={`ed-payment-${prefix}-webhook`}
          readOnly
          value={connection.webhookUrl}
          onFocus={(e) => e.target.select()}
        />
      </div>
      {showForm && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(
              () => api<PaymentConnections>('PUT', `${PATH}/${prefix}`, values),
              `${connection.label} connected.`,
            );
          }}
        >
          {fields.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              path={`${prefix}.${field.key}`}
              errors={errors}
              type={field.secret ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              hint={field.hint}
              disabled={!props.secretsAvailable}
              value={values[field.key] ?? ''}
              onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
            />
          ))}
          <div className="ed-store-actions">
            <button type="submit" className="ed-primary" disabled={busy || !props.secretsAvailable}>
              {busy ? 'Checking…' : `Connect ${connection.label}`}
            </button>
            {editing && (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      {connection.connected && !connection.readOnly && !editing && (
        <div className="ed-store-actions">
          <button type="button" onClick={() => setEditing(true)}>
            Replace keys
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => api<PaymentConnections>('DELETE', `${PATH}/${prefix}`),
                `${connection.label} disconnected.`,
              )
            }
          >
            Disconnect {connection.label}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="ed-field-error">
          {error}
        </p>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}

/** Store → Payment providers (issue 17): connect Stripe and PayPal; keys are checked with the provider and kept encrypted. */
export function PaymentsTab() {
  const resource = useResource<PaymentConnections>(PATH);
  const [latest, setLatest] = useState<PaymentConnections | undefined>();
  const data = latest ?? resource.data;
  if (!data) return <p className="ed-empty">{resource.error || 'Loading…'}</p>;
  return (
    <div className="ed-store-payments">
      <p className="ed-hint">
        Buyers pay on the provider's own page; card numbers never reach this server. Keys are checked with the provider
        when you save them and stored encrypted.
      </p>
      {!data.secretsAvailable && data.secretsMessage && (
        <p className="ed-test-mode" role="note">
          {data.secretsMessage}
        </p>
      )}
      {data.providers.map((connection) => (
        <ProviderCard
          key={connection.provider}
          connection={connection}
          secretsAvailable={data.secretsAvailable}
          onChanged={setLatest}
        />
      ))}
    </div>
  );
}
