import {
  checkTermName,
  type OpenTermEdit,
  startTermEdit,
  TERM_MAX_LENGTH,
  type TermKind,
  termKey,
} from '@tessera/core';
import { type ReactNode, useId, useState } from 'react';
import { api } from '../../api.js';
import { TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import type { BlogSummary, BlogTerms, TermCount } from '@tessera/core/contracts/blog';

const TITLES: Record<TermKind, string> = { tag: 'Tags', category: 'Categories' };

/** The edit open in the manager (one at a time, across tags and categories) and what is typed. */
interface Editing extends OpenTermEdit {
  value: string;
}

/**
 * The tag and category manager of one blog: each name with its number of posts; add, rename (on
 * every post that carries it) and delete (from every post; the posts stay). Only one name is
 * edited at a time: opening a second shows SPEC's 'You may only edit one {tagType} at a time'.
 */
export function TermManager(props: { blog: BlogSummary; chooser: ReactNode; onBack: () => void }) {
  const { blog } = props;
  const path = `/api/config/blogs/${encodeURIComponent(blog.id)}/terms`;
  const terms = useResource<BlogTerms>(path);
  const [editing, setEditing] = useState<Editing | undefined>();
  const [messages, setMessages] = useState<Partial<Record<TermKind, string>>>({});
  const [status, setStatus] = useState('');
  const [data, setData] = useState<BlogTerms | undefined>();
  const current = data ?? terms.data;

  const say = (kind: TermKind, message: string) => setMessages({ [kind]: message });
  const send = async (kind: TermKind, method: string, url: string, body: unknown, done: string) => {
    try {
      setData(await api<BlogTerms>(method, url, body));
      setMessages({});
      setStatus(done);
      return true;
    } catch (e) {
      say(kind, (e as Error).message);
      return false;
    }
  };

  const actions = {
    startEdit(kind: TermKind, name: string) {
      const start = startTermEdit(editing, { kind, name });
      if (!start.ok) return say(kind, start.error);
      setMessages({});
      if (!editing) setEditing({ kind, name, value: name });
    },
    async add(kind: TermKind, raw: string, names: string[]): Promise<boolean> {
      const check = checkTermName(kind, raw, names);
      if (!check.ok) {
        say(kind, check.error);
        return false;
      }
      return send(kind, 'POST', path, { kind, name: check.value }, `Added the ${kind} “${check.value}”.`);
    },
    async rename(edit: Editing, names: string[]) {
      const check = checkTermName(edit.kind, edit.value, names, { renaming: edit.name });
      if (!check.ok) return say(edit.kind, check.error);
      const ok = await send(
        edit.kind,
        'PATCH',
        path,
        { kind: edit.kind, name: edit.name, newName: check.value },
        `Renamed “${edit.name}” to “${check.value}”.`,
      );
      if (ok) setEditing(undefined);
    },
    async remove(kind: TermKind, name: string) {
      const ok = await send(
        kind,
        'DELETE',
        `${path}?kind=${kind}&name=${encodeURIComponent(name)}`,
        undefined,
        `Deleted the ${kind} “${name}”.`,
      );
      if (ok && editing && editing.kind === kind && termKey(editing.name) === termKey(name)) setEditing(undefined);
    },
  };

  return (
    <Panel
      title={`Tags and categories: ${blog.title}`}
      error={terms.error}
      status={status}
      actions={
        <>
          {props.chooser}
          <button type="button" onClick={props.onBack}>
            Back to posts
          </button>
        </>
      }
    >
      {!current ? (
        <p className="ed-empty">Loading…</p>
      ) : (
        <div className="ed-blog__managers">
          {(['tag', 'category'] as const).map((kind) => (
            <TermTable
              key={kind}
              kind={kind}
              terms={kind === 'tag' ? current.tags : current.categories}
              editing={editing}
              message={messages[kind]}
              onEditChange={(value) => editing && setEditing({ ...editing, value })}
              onCancel={() => {
                setEditing(undefined);
                setMessages({});
              }}
              actions={actions}
            />
          ))}
        </div>
      )}
    </Panel>
  );
}

function TermTable(props: {
  kind: TermKind;
  terms: TermCount[];
  editing: Editing | undefined;
  message: string | undefined;
  onEditChange: (value: string) => void;
  onCancel: () => void;
  actions: {
    startEdit: (kind: TermKind, name: string) => void;
    add: (kind: TermKind, raw: string, names: string[]) => Promise<boolean>;
    rename: (edit: Editing, names: string[]) => Promise<void>;
    remove: (kind: TermKind, name: string) => Promise<void>;
  };
}) {
  const { kind, terms, editing, actions } = props;
  const id = useId();
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState<string | undefined>();
  const names = terms.map((t) => t.name);
  const title = TITLES[kind];
  const isOpen = (name: string) => editing?.kind === kind && termKey(editing.name) === termKey(name);

  return (
    <section className="ed-card ed-blog__manager" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {props.message && (
        <p className="ed-field-error" role="alert">
          {props.message}
        </p>
      )}
      <form
        className="ed-blog__term-add"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await actions.add(kind, draft, names)) setDraft('');
        }}
      >
        <label htmlFor={`${id}-new`}>{kind === 'tag' ? 'New tag' : 'New category'}</label>
        <input
          id={`${id}-new`}
          value={draft}
          maxLength={TERM_MAX_LENGTH[kind] + 20}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit">{kind === 'tag' ? 'Add tag' : 'Add category'}</button>
        <span className="ed-hint">At most {TERM_MAX_LENGTH[kind]} characters.</span>
      </form>
      {terms.length === 0 ? (
        <p className="ed-empty">No {title.toLowerCase()} yet.</p>
      ) : (
        <table className="ed-table">
          <caption className="ed-sr">{title}</caption>
          <TableHead columns={['Name', 'Posts', 'Actions']} />
          <tbody>
            {terms.map((term) => (
              <tr key={term.name}>
                <th scope="row">
                  {isOpen(term.name) && editing ? (
                    <form
                      className="ed-blog__rename"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void actions.rename(editing, names);
                      }}
                    >
                      <label className="ed-sr" htmlFor={`${id}-rename`}>
                        New name for {term.name}
                      </label>
                      <input
                        id={`${id}-rename`}
                        value={editing.value}
                        maxLength={TERM_MAX_LENGTH[kind] + 20}
                        onChange={(e) => props.onEditChange(e.target.value)}
                        onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
                      />
                      <button type="submit">Save name</button>
                      <button type="button" onClick={props.onCancel}>
                        Cancel
                      </button>
                    </form>
                  ) : (
                    term.name
                  )}
                </th>
                <td>{term.count}</td>
                <td className="ed-blog__actions">
                  {confirming === term.name ? (
                    <>
                      <span>
                        Remove from {term.count} {term.count === 1 ? 'post' : 'posts'}?
                      </span>
                      <button
                        type="button"
                        onClick={() => void actions.remove(kind, term.name).then(() => setConfirming(undefined))}
                      >
                        Delete {kind} {term.name}
                      </button>
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Keep
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        aria-label={`Rename ${kind} ${term.name}`}
                        onClick={() => actions.startEdit(kind, term.name)}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        aria-label={`Delete ${kind} ${term.name}`}
                        onClick={() => setConfirming(term.name)}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
