import { isValidEmail, WebsiteRole } from '@tessera/core';
import { type FormEvent, useState } from 'react';
import { api } from '../../api.js';
import { SelectField, TextField } from '../settings/fields.js';
import { type Owner, OUTBOX } from './owner-types.js';
import { ROLE_CODES, ROLE_LABELS, roleReach } from './roles.js';

interface Sent {
  email: string;
  inviteUrl: string;
  mail?: { subject: string; text: string; via: string };
}

/** Invite an owner by email with one role; shows the one-time link and the mail that carries it. */
export function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(String(WebsiteRole.EDITOR));
  const [errors, setErrors] = useState<{ email?: string; role?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | undefined>();
  const [copied, setCopied] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) return setErrors({ email: 'Enter a valid email address.' });
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<{ owner: Owner; inviteUrl: string }>('POST', '/api/config/owners/invite', {
        email: address,
        roles: [Number(role)],
      });
      const found = await api<{ messages: { subject: string; text: string; via: string }[] }>(
        'GET',
        `${OUTBOX}?limit=1&to=${encodeURIComponent(answer.owner.email)}`,
      ).catch(() => ({ messages: [] }));
      setSent({ email: answer.owner.email, inviteUrl: answer.inviteUrl, mail: found.messages[0] });
      setEmail('');
      setCopied('');
      await onInvited();
    } catch (e) {
      const message = (e as Error).message;
      const aboutEmail = /^email: /.test(message) || /already an owner/.test(message);
      setErrors(aboutEmail ? { email: message.replace(/^email: /, '') } : { form: message });
    } finally {
      setBusy(false);
    }
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied');
    } catch {
      setCopied('Select the link and copy it');
    }
  };

  return (
    <section className="ed-card" aria-labelledby="ow-invite-heading">
      <h2 id="ow-invite-heading">Invite an owner</h2>
      <form onSubmit={submit} noValidate>
        {errors.form && (
          <p className="ed-field-error" role="alert">
            {errors.form}
          </p>
        )}
        <TextField
          id="ow-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          error={errors.email}
          onChange={(v) => {
            setEmail(v);
            setErrors({});
          }}
        />
        <SelectField
          id="ow-role"
          label="Role"
          value={role}
          choices={ROLE_CODES.map((code) => ({ value: String(code), label: ROLE_LABELS[code] ?? String(code) }))}
          hint={`Opens: ${roleReach(Number(role))}.`}
          onChange={setRole}
        />
        <button type="submit" className="ed-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
      {sent && (
        <div className="st-fieldset" role="region" aria-label="Invitation sent">
          <p>
            Invitation for <strong>{sent.email}</strong>. The link works once, for 7 days.
          </p>
          <div className="ed-form-row">
            <label htmlFor="ow-invite-link">Invitation link</label>
            <input
              id="ow-invite-link"
              className="st-invite-link"
              readOnly
              value={sent.inviteUrl}
              onFocus={(e) => e.target.select()}
            />
          </div>
          <div className="st-inline">
            <button type="button" onClick={() => void copy(sent.inviteUrl)}>
              Copy link
            </button>
            <span aria-live="polite">{copied}</span>
          </div>
          {sent.mail ? (
            <details>
              <summary>
                Mail {sent.mail.via === 'smtp' ? 'sent' : 'kept in the outbox (no mail server is set up)'}:{' '}
                {sent.mail.subject}
              </summary>
              <p className="st-mail">{sent.mail.text}</p>
            </details>
          ) : (
            <p className="st-hint">The invitation mail is not in the outbox yet.</p>
          )}
        </div>
      )}
    </section>
  );
}
