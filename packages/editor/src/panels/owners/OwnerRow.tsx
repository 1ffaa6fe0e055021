import { WebsiteRole } from '@tessera/core';
import { type FormEvent, useState } from 'react';
import { api } from '../../api.js';
import { OWNERS, type Owner } from './owner-types.js';
import { ROLE_CODES, ROLE_LABELS, roleNames } from './roles.js';

/** One owner: email, roles, status; change roles in place; remove after a confirmation. */
export function OwnerRow(props: {
  owner: Owner;
  isSelf: boolean;
  onChanged: () => Promise<void>;
  onStatus: (text: string) => void;
  onRemovedSelf: () => void;
}) {
  const { owner } = props;
  const [editing, setEditing] = useState<number[] | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const saveRoles = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing?.length) return setError('Give the owner at least one role.');
    setBusy(true);
    try {
      await api('PUT', `${OWNERS}/${encodeURIComponent(owner.id)}/roles`, { roles: editing });
      setEditing(undefined);
      setError('');
      props.onStatus(`${owner.email} is now ${roleNames(editing)}`);
      // Without the administrator role this panel is no longer yours: reopen the editor as you are now.
      if (props.isSelf && !editing.includes(WebsiteRole.ADMIN)) return window.location.assign('/config');
      await props.onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api('DELETE', `${OWNERS}/${encodeURIComponent(owner.id)}`);
      props.onStatus(`Removed ${owner.email}`);
      if (props.isSelf) return props.onRemovedSelf();
      await props.onChanged();
    } catch (e) {
      setError((e as Error).message);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr>
      <th scope="row">
        {owner.email}
        {props.isSelf && <span className="st-hint"> (you)</span>}
      </th>
      <td>
        {editing === undefined ? (
          roleNames(owner.roles)
        ) : (
          <form onSubmit={saveRoles}>
            <fieldset className="st-fieldset">
              <legend>Roles of {owner.email}</legend>
              {ROLE_CODES.map((code) => (
                <div key={code} className="st-check">
                  <input
                    id={`ow-${owner.id}-role-${code}`}
                    type="checkbox"
                    checked={editing.includes(code)}
                    onChange={(e) =>
                      setEditing(e.target.checked ? [...editing, code] : editing.filter((r) => r !== code))
                    }
                  />{' '}
                  <label htmlFor={`ow-${owner.id}-role-${code}`}>{ROLE_LABELS[code]}</label>
                </div>
              ))}
            </fieldset>
            <div className="st-inline">
              <button type="submit" className="ed-primary" disabled={busy}>
                Save roles
              </button>
              <button
                type="button"
                onClick={() => {
                  setEditing(undefined);
                  setError('');
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        )}
        {error && (
          <p className="ed-field-error" role="alert">
            {error}
          </p>
        )}
      </td>
      <td>{owner.invitePending ? 'Invitation pending' : 'Active'}</td>
      <td>
        {editing === undefined && !confirming && (
          <div className="st-actions">
            <button type="button" onClick={() => setEditing([...owner.roles])}>
              Change roles of {owner.email}
            </button>
            <button type="button" onClick={() => setConfirming(true)}>
              Remove {owner.email}
            </button>
          </div>
        )}
        {confirming && (
          <div className="st-actions">
            <span>
              Remove {owner.email}? {props.isSelf ? 'You will be signed out.' : 'Their sessions end at once.'}
            </span>
            <button type="button" className="st-danger" disabled={busy} onClick={() => void remove()}>
              Yes, remove {owner.email}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
