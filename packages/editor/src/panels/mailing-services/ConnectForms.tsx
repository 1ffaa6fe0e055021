import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { MailchimpAudience, MailingListing } from './types.js';

const BASE = '/api/config/mailing-services';

function fieldsOf(e: unknown, fallback: string): Record<string, string> {
  const given = e instanceof ApiError ? (e.body.fields as Record<string, string> | undefined) : undefined;
  return given ?? { [fallback]: (e as Error).message };
}

/** Step 1: the API key (checked by Mailchimp); step 2: pick one of its audiences. */
export function ConnectMailchimp(props: { onConnected: (listing: MailingListing) => Promise<void> }) {
  const [apiKey, setApiKey] = useState('');
  const [audiences, setAudiences] = useState<MailchimpAudience[] | null>(null);
  const [listId, setListId] = useState('');
  const [doubleOptIn, setDoubleOptIn] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      if (!audiences) {
        const found = await api<{ audiences: MailchimpAudience[] }>('POST', `${BASE}/mailchimp/audiences`, { apiKey });
        setAudiences(found.audiences);
        setListId(found.audiences[0]?.id ?? '');
        if (found.audiences.length === 0) setFields({ listId: 'This Mailchimp account has no audience yet.' });
        return;
      }
      const listing = await api<MailingListing>('POST', BASE, { kind: 'mailchimp', apiKey, listId, doubleOptIn });
      setApiKey('');
      setAudiences(null);
      await props.onConnected(listing);
    } catch (e) {
      setFields(fieldsOf(e, audiences ? 'listId' : 'apiKey'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ed-card ed-mailing__form" onSubmit={(e) => void submit(e)} aria-label="Connect Mailchimp">
      <h2>Connect Mailchimp</h2>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => {
            setApiKey(e.target.value);
            setAudiences(null);
          }}
          placeholder="0123456789abcdef0123456789abcdef-us6"
          aria-invalid={fields.apiKey ? true : undefined}
          required
        />
      </label>
      {fields.apiKey && <p className="ed-field-error">{fields.apiKey}</p>}
      {audiences && audiences.length > 0 && (
        <>
          <label>
            Audience
            <select value={listId} onChange={(e) => setListId(e.target.value)}>
              {audiences.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.memberCount} members)
                </option>
              ))}
            </select>
          </label>
          <label className="ed-mailing__check">
            <input type="checkbox" checked={doubleOptIn} onChange={(e) => setDoubleOptIn(e.target.checked)} />
            Ask new subscribers to confirm by email (double opt-in)
          </label>
        </>
      )}
      {fields.listId && <p className="ed-field-error">{fields.listId}</p>}
      <button type="submit" disabled={busy}>
        {audiences ? 'Connect' : 'Check key'}
      </button>
    </form>
  );
}

/** A receiver that gets each sign-up as signed JSON; checked with a test post when saved. */
export function ConnectWebhook(props: { onConnected: (listing: MailingListing) => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const listing = await api<MailingListing>('POST', BASE, {
        kind: 'webhook',
        url,
        ...(label.trim() ? { label } : {}),
      });
      setUrl('');
      setLabel('');
      await props.onConnected(listing);
    } catch (e) {
      setFields(fieldsOf(e, 'url'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ed-card ed-mailing__form" onSubmit={(e) => void submit(e)} aria-label="Connect a webhook target">
      <h2>Connect a webhook target</h2>
      <label>
        Receiver address
        <input
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://hooks.example.com/newsletter"
          aria-invalid={fields.url ? true : undefined}
          required
        />
      </label>
      {fields.url && <p className="ed-field-error">{fields.url}</p>}
      <label>
        Name (optional)
        <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} />
      </label>
      <button type="submit" disabled={busy}>
        Connect
      </button>
    </form>
  );
}
