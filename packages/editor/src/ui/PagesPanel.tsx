import { PAGE_STATUS_LABELS, validatePageSettings } from '@tessera/core';
import { lazy, Suspense, useState } from 'react';
import type { DeletedPage, PageAnswer, PageDocument, PageSummary } from '@tessera/core/contracts/pages';
import { api } from '../api.js';
import { moveTargets, orderForMove, orderForStep, type PageOrder, treeOrder } from '../model/page-tree.js';
import './pages-panel.css';

/** Page settings open on demand, so the dialog is its own chunk. */
const PageSettingsDialog = lazy(() =>
  import('./PageSettingsDialog.js').then((m) => ({ default: m.PageSettingsDialog })),
);

interface PagesPanelProps {
  pages: PageSummary[];
  currentId: string | undefined;
  onOpen: (id: string) => void;
  onChanged: () => Promise<void> | void;
  onSettingsSaved: (page: PageDocument) => void;
  onError: (message: string) => void;
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
      const { page } = await api<PageAnswer>('POST', '/api/config/pages', { title, folder });
      setNewTitle('');
      if (!folder) onOpen(page.id);
    });
  };

  const sendOrder = (order: PageOrder | undefined) => {
    if (order) void call(() => api('PUT', '/api/config/pages/order', { order }));
  };
  /** Moves a page one place among its siblings. */
  const move = (page: PageSummary, delta: -1 | 1) => sendOrder(orderForStep(pages, page.id, delta));
  /** Moves a page (and what is inside it) into a folder, or to the top level. */
  const moveInto = (page: PageSummary, parentId: string | null) => sendOrder(orderForMove(pages, page.id, parentId));

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
                <label>
                  Move to
                  <select value={page.parentId ?? ''} onChange={(e) => moveInto(page, e.target.value || null)}>
                    <option value="">Top level</option>
                    {page.parentId && !moveTargets(pages, page.id).some((f) => f.id === page.parentId) && (
                      <option value={page.parentId}>(current folder)</option>
                    )}
                    {moveTargets(pages, page.id).map((folder) => (
                      <option key={folder.id} value={folder.id}>
                        {folder.title}
                      </option>
                    ))}
                  </select>
                </label>
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
                      const { restoreToken } = await api<DeletedPage>('DELETE', `/api/config/pages/${page.id}`);
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
        <Suspense fallback={null}>
          <PageSettingsDialog
            id={settingsFor}
            onClose={() => setSettingsFor(undefined)}
            onSaved={(page) => {
              onSettingsSaved(page);
              setSettingsFor(undefined);
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
