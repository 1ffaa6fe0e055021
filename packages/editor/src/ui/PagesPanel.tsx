import { PAGE_STATUS_LABELS, PAGE_STATUSES, validatePageSettings } from '@tessera/core';
import { useEffect, useState } from 'react';
import { ApiError, api, type PageDocument, type PageSummary } from '../api.js';

interface PagesPanelProps {
  pages: PageSummary[];
  currentId: string | undefined;
  onOpen: (id: string) => void;
  onChanged: () => Promise<void> | void;
  onSettingsSaved: (page: PageDocument) => void;
  onError: (message: string) => void;
}

/** Pages in tree order: each parent followed by its children, with their depth. */
function treeOrder(pages: PageSummary[]): { page: PageSummary; depth: number }[] {
  const byParent = new Map<string | null, PageSummary[]>();
  const ids = new Set(pages.map((p) => p.id));
  for (const page of pages) {
    const parent = page.parentId && ids.has(page.parentId) ? page.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), page]);
  }
  const out: { page: PageSummary; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const page of byParent.get(parent) ?? []) {
      out.push({ page, depth });
      walk(page.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function PagesPanel({ pages, currentId, onOpen, onChanged, onSettingsSaved, onError }: PagesPanelProps) {
  const [newTitle, setNewTitle] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string } | undefined>();
  const [settingsFor, setSettingsFor] = useState<string | undefined>();
  const [undoDelete, setUndoDelete] = useState<{ title: string; token: string } | undefined>();
  const rows = treeOrder(pages);

  const call = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await onChanged();
    } catch (e) {
      onError((e as Error).message);
    }
  };

  const create = (event: React.FormEvent, folder = false) => {
    event.preventDefault();
    const title = newTitle.trim();
    if (!title) return onError('Please enter a page title.');
    void call(async () => {
      const { page } = await api<{ page: PageSummary }>('POST', '/api/config/pages', { title, folder });
      setNewTitle('');
      if (!folder) onOpen(page.id);
    });
  };

  /** Moves a page one place among its siblings. */
  const move = (page: PageSummary, delta: -1 | 1) => {
    const siblings = rows.filter((r) => r.page.parentId === page.parentId).map((r) => r.page);
    const i = siblings.findIndex((p) => p.id === page.id);
    const j = i + delta;
    if (j < 0 || j >= siblings.length) return;
    const swapped = [...siblings];
    [swapped[i], swapped[j]] = [swapped[j] as PageSummary, swapped[i] as PageSummary];
    const siblingIds = new Set(siblings.map((p) => p.id));
    const others = pages.filter((p) => !siblingIds.has(p.id));
    const order = [...others, ...swapped].sort((a, b) => {
      const pos = (p: PageSummary) =>
        siblingIds.has(p.id) ? (siblings[swapped.indexOf(p)]?.position ?? 0) : p.position;
      return pos(a) - pos(b);
    });
    void call(() =>
      api('PUT', '/api/config/pages/order', { order: order.map((p) => ({ id: p.id, parentId: p.parentId })) }),
    );
  };

  return (
    <nav className="ed-pages" aria-label="Pages">
      <h2>Pages</h2>
      <form onSubmit={create} className="ed-new-page">
        <label>
          New page title
          <input value={newTitle} onChange={(e) => setNewTitle(e.target.value)} placeholder="About us" />
        </label>
        <button type="submit">Create page</button>
        <button type="button" onClick={(e) => create(e, true)}>
          Create folder
        </button>
      </form>
      {undoDelete && (
        <div className="ed-toast" role="status">
          Deleted “{undoDelete.title}”.{' '}
          <button
            type="button"
            onClick={() =>
              void call(async () => {
                await api('POST', '/api/config/pages/restore', { token: undoDelete.token });
                setUndoDelete(undefined);
              })
            }
          >
            Undo delete
          </button>
        </div>
      )}
      <ul className="ed-tree">
        {rows.map(({ page, depth }) => (
          <li key={page.id} style={{ paddingInlineStart: `${depth * 14}px` }} data-page-slug={page.slug}>
            {renaming?.id === page.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const result = validatePageSettings({ title: renaming.title });
                  if (!result.ok) return onError(Object.values(result.errors)[0] ?? '');
                  void call(async () => {
                    onSettingsSaved(
                      await api<PageDocument>('PATCH', `/api/config/pages/${page.id}`, { title: renaming.title }),
                    );
                    setRenaming(undefined);
                  });
                }}
              >
                <input
                  aria-label="Page title"
                  value={renaming.title}
                  onChange={(e) => setRenaming({ id: page.id, title: e.target.value })}
                />
                <button type="submit">Save</button>
                <button type="button" onClick={() => setRenaming(undefined)}>
                  Cancel
                </button>
              </form>
            ) : (
              <button
                type="button"
                className="ed-tree__page"
                aria-current={page.id === currentId ? 'page' : undefined}
                onClick={() => onOpen(page.id)}
                disabled={!['page', 'gallery', 'splash', ''].includes(page.kind)}
                title={page.isFolder ? 'Folder' : `/${page.slug}`}
              >
                {page.isFolder ? '▸ ' : ''}
                {page.title}
                {page.status !== 'published' && (
                  <span className="ed-badge">
                    {PAGE_STATUS_LABELS[page.status as keyof typeof PAGE_STATUS_LABELS] ?? page.status}
                  </span>
                )}
                {page.hasDraft && <span className="ed-badge ed-badge--draft">edited</span>}
              </button>
            )}
            <details className="ed-tree__more">
              <summary aria-label={`Actions for ${page.title}`}>⋯</summary>
              <div className="ed-tree__actions">
                <button type="button" onClick={() => setRenaming({ id: page.id, title: page.title })}>
                  Rename
                </button>
                <button type="button" onClick={() => setSettingsFor(page.id)}>
                  Settings
                </button>
                <button type="button" onClick={() => move(page, -1)}>
                  Move up
                </button>
                <button type="button" onClick={() => move(page, 1)}>
                  Move down
                </button>
                <button
                  type="button"
                  onClick={() => void call(() => api('POST', `/api/config/pages/${page.id}/duplicate`))}
                >
                  Duplicate
                </button>
                <button
                  type="button"
                  onClick={() =>
                    void call(async () => {
                      const { restoreToken } = await api<{ restoreToken: string }>(
                        'DELETE',
                        `/api/config/pages/${page.id}`,
                      );
                      setUndoDelete({ title: page.title, token: restoreToken });
                    })
                  }
                >
                  Delete
                </button>
              </div>
            </details>
          </li>
        ))}
      </ul>
      {settingsFor && (
        <PageSettingsDialog
          id={settingsFor}
          onClose={() => setSettingsFor(undefined)}
          onSaved={(page) => {
            onSettingsSaved(page);
            setSettingsFor(undefined);
          }}
        />
      )}
    </nav>
  );
}

interface SettingsForm {
  title: string;
  slug: string;
  navigationTitle: string;
  seoTitle: string;
  seoDescription: string;
  password: string;
  membersOnly: boolean;
  status: string;
  publishAt: string;
}

function PageSettingsDialog({
  id,
  onClose,
  onSaved,
}: {
  id: string;
  onClose: () => void;
  onSaved: (page: PageDocument) => void;
}) {
  const [form, setForm] = useState<SettingsForm | undefined>();
  const [protectedNow, setProtectedNow] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    api<PageDocument>('GET', `/api/config/pages/${id}`)
      .then(({ settings }) => {
        setProtectedNow(settings.passwordProtected);
        setForm({ ...settings, password: '', publishAt: settings.publishAt ? settings.publishAt.slice(0, 16) : '' });
      })
      .catch((e: Error) => setErrors({ form: e.message }));
  }, [id]);

  if (!form)
    return (
      <div role="dialog" aria-modal="true" aria-label="Page settings" className="ed-dialog">
        {errors.form ?? 'Loading…'}
      </div>
    );

  const field = (key: keyof SettingsForm, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={String(form[key])}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
      {errors[key] && <span className="ed-field-error">{errors[key]}</span>}
    </label>
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      title: form.title,
      slug: form.slug,
      navigationTitle: form.navigationTitle,
      seoTitle: form.seoTitle,
      seoDescription: form.seoDescription,
      membersOnly: form.membersOnly,
      status: form.status,
      publishAt: form.status === 'scheduled' && form.publishAt ? new Date(form.publishAt).toISOString() : null,
      ...(form.password ? { password: form.password } : {}),
    };
    const checked = validatePageSettings(input);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      onSaved(await api<PageDocument>('PATCH', `/api/config/pages/${id}`, input));
    } catch (e) {
      const body = e instanceof ApiError ? e.body : {};
      setErrors(
        typeof body.field === 'string' ? { [body.field]: (e as Error).message } : { form: (e as Error).message },
      );
    }
  };

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="ed-settings-title" className="ed-dialog">
      <form onSubmit={submit}>
        <h2 id="ed-settings-title">Page settings</h2>
        {field('title', 'Page title')}
        {field('slug', 'URL slug')}
        {field('navigationTitle', 'Navigation title')}
        {field('seoTitle', 'SEO title')}
        {field('seoDescription', 'SEO description')}
        {field(
          'password',
          protectedNow ? 'New password (the page is protected)' : 'Password (empty: not protected)',
          'password',
        )}
        {protectedNow && (
          <button
            type="button"
            onClick={() => api<PageDocument>('PATCH', `/api/config/pages/${id}`, { password: '' }).then(onSaved)}
          >
            Remove password
          </button>
        )}
        <label className="ed-check">
          <input
            type="checkbox"
            checked={form.membersOnly}
            onChange={(e) => setForm({ ...form, membersOnly: e.target.checked })}
          />
          Members only
        </label>
        <label>
          Content status
          <select value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            {PAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAGE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {form.status === 'scheduled' && field('publishAt', 'Publish on', 'datetime-local')}
        {errors.form && (
          <p className="ed-field-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="ed-dialog__actions">
          <button type="submit" className="ed-primary">
            Save settings
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
