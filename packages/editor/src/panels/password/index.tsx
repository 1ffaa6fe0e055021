import { type FormEvent, useState } from 'react';
import { api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import '../settings/settings.css';

const MIN = 8;
const MAX = 256;

/**
 * The signed-in owner's own password (any role): `PUT /api/config/account/password` with the
 * current one. Other browsers signed in as this owner are signed out; this one stays.
 */
export default function PasswordPanel({ owner }: PanelProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = 'Enter your current password.';
    if (next.length < MIN || next.length > MAX) found.next = `Choose a password of ${MIN} to ${MAX} characters.`;
    else if (next !== repeat) found.repeat = 'The two new passwords differ.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setStatus('Saving…');
    try {
      await api('PUT', '/api/config/account/password', { currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      setStatus('Your password is changed. Other browsers signed in as you are signed out.');
    } catch (e) {
      const message = (e as Error).message;
      setErrors(/current password/i.test(message) ? { current: message } : { form: message });
      setStatus('Not saved');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="Your password" status={status}>
      <form onSubmit={submit} noValidate aria-labelledby="pw-heading">
        <h2 id="pw-heading">Change the password of {owner.email}</h2>
        {errors.form && (
          <p className="ed-field-error" role="alert">
            {errors.form}
          </p>
        )}
        <input type="text" name="username" autoComplete="username" value={owner.email} readOnly hidden />
        <PasswordField
          id="pw-current"
          label="Current password"
          value={current}
          error={errors.current}
          onChange={setCurrent}
          autoComplete="current-password"
        />
        <PasswordField
          id="pw-new"
          label="New password"
          value={next}
          error={errors.next}
          onChange={setNext}
          autoComplete="new-password"
        />
        <PasswordField
          id="pw-repeat"
          label="New password again"
          value={repeat}
          error={errors.repeat}
          onChange={setRepeat}
          autoComplete="new-password"
        />
        <button type="submit" className="ed-primary" disabled={busy}>
          Change password
        </button>
        {status && !busy && <p>{status}</p>}
      </form>
    </Panel>
  );
}

function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="ed-form-row">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="password"
        value={props.value}
        maxLength={MAX}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p className="ed-field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
