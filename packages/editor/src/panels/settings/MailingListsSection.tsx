import { SITE_ADMIN_MESSAGES } from '@tessera/core';
import type { MailingList, MailingListsAnswer } from '@tessera/core/contracts/mailing-lists';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { SaveBar, SelectField, TextField } from './fields.js';
import type { SettingsDraft, SettingsKey } from './settings-draft.js';

const KEYS: readonly SettingsKey[] = ['mailingListId'];
const LISTS = '/api/config/forms/mailing-lists';

/** One list's row: its name (renamed in place), subscriber count, rename and delete. */
function ListRow(props: { list: MailingList; onChanged: () => Promise<void>; onStatus: (text: string) => void }) {
  const { list } = props;
  const [renaming, setRenaming] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming?.trim()) return setError('Give the list a name.');
    try {
      await api('PUT', `${LISTS}/${encodeURIComponent(list.id)}`, { name: renaming });
      setRenaming(undefined);
      setError('');
      props.onStatus(`Renamed to ${renaming.trim()}`);
      await props.onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async () => {
    try {
      await api('DELETE', `${LISTS}/${encodeURIComponent(list.id)}`);
      props.onStatus(`Deleted ${list.name}`);
      await props.onChanged();
    } catch (e) {
      setError((e as Error).message);
      setConfirming(false);
    }
  };

  return (
    <tr>
      <td>
        {renaming === undefined ? (
          list.name
        ) : (
          <form onSubmit={rename} className="st-inline">
            <label className="ed-sr" htmlFor={`st-rename-${list.id}`}>
              New name for {list.name}
            </label>
            <input
              id={`st-rename-${list.id}`}
              value={renaming}
              maxLength={80}
              // biome-ignore lint/a11y/noAutofocus: the field the owner just asked for
              autoFocus
              aria-invalid={error ? true : undefined}
              onChange={(e) => setRenaming(e.target.value)}
              onKeyDown={(e) => e.key === 'Escape' && setRenaming(undefined)}
            />
            <button type="submit">Save name</button>
            <button type="button" onClick={() => setRenaming(undefined)}>
              Cancel
            </button>
          </form>
        )}
        {error && (
          <span className="ed-field-error" role="alert">
            {' '}
            {error}
          </span>
        )}
      </td>
      <td>{list.subscriberCount}</td>
      <td className="st-actions">
        {renaming === undefined && !confirming && (
          <>
            <button type="button" onClick={() => setRenaming(list.name)}>
              Rename {list.name}
            </button>
            <button type="button" onClick={() => setConfirming(true)}>
              Delete {list.name}
            </button>
          </>
        )}
        {confirming && (
          <>
            <span>
              Delete {list.name} and its {list.subscriberCount} subscribers?
            </span>{' '}
            <button type="button" className="st-danger" onClick={() => void remove()}>
              Yes, delete {list.name}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

/** The site's mailing lists (create, rename, delete) and the one sign-ups join. */
export function MailingListsSection({ draft, onListsChanged }: { draft: SettingsDraft; onListsChanged: () => void }) {
  const lists = useResource<MailingListsAnswer>(LISTS);
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState('');
  const [status, setStatus] = useState('');
  const value = draft.value;
  if (!value) return null;
  const all = lists.data?.mailingLists;

  const changed = async () => {
    await lists.reload();
    await draft.reload();
    onListsChanged();
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setCreateError('Give the list a name.');
    try {
      const made = await api<{ mailingList: MailingList }>('POST', LISTS, { name });
      setName('');
      setCreateError('');
      setStatus(`Created ${made.mailingList.name}`);
      await changed();
    } catch (e) {
      setCreateError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const pick = async (event: FormEvent) => {
    event.preventDefault();
    if (all && all.length === 0) return draft.setErrors({ mailingListId: SITE_ADMIN_MESSAGES.noLists });
    if (!value.mailingListId) return draft.setErrors({ mailingListId: SITE_ADMIN_MESSAGES.listRequired });
    // Saving the same list again still confirms it with the server: send it even when unchanged.
    await draft.save(KEYS, { mailingListId: value.mailingListId });
  };

  return (
    <div className="st-mailing">
      <h2 id="st-lists-heading">Mailing lists</h2>
      {lists.error && <p className="ed-field-error">{lists.error}</p>}
      {all && all.length === 0 && <p>{SITE_ADMIN_MESSAGES.noLists}</p>}
      {all && all.length > 0 && (
        <table className="ed-table" aria-labelledby="st-lists-heading">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Subscribers</th>
              <th scope="col">
                <span className="ed-sr">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {all.map((list) => (
              <ListRow key={list.id} list={list} onChanged={changed} onStatus={setStatus} />
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={create} noValidate className="st-fieldset" aria-labelledby="st-new-list">
        <h3 id="st-new-list">New list</h3>
        <TextField
          id="st-list-name"
          label="List name"
          value={name}
          maxLength={80}
          error={createError}
          onChange={(v) => {
            setName(v);
            setCreateError('');
          }}
        />
        <button type="submit">Create list</button>
      </form>
      <form onSubmit={pick} noValidate className="st-fieldset" aria-labelledby="st-pick-list">
        <h3 id="st-pick-list">Sign-ups</h3>
        <SelectField
          id="st-list"
          label="Mailing list for sign-ups"
          value={value.mailingListId ?? ''}
          placeholder="Choose a list"
          choices={(all ?? []).map((l) => ({ value: l.id, label: l.name }))}
          error={draft.errors.mailingListId}
          hint={`Restock sign-ups that tick “join the mailing list” are added to this list${!value.mailingListId && all?.[0] ? `; until you choose one they go to ${all[0].name}` : ''}.`}
          onChange={(id) => draft.change('mailingListId', id || null)}
        />
        <SaveBar dirty={draft.isDirty(KEYS)} saving={draft.saving} onDiscard={() => draft.discard(KEYS)} />
      </form>
      <p className="ed-sr" role="status">
        {status}
      </p>
    </div>
  );
}
