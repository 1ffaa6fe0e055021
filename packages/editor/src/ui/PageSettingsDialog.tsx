import { FolderBehavior, PAGE_STATUS_LABELS, PAGE_STATUSES, validatePageSettings } from '@tessera/core';
import { useEffect, useState } from 'react';
import type { PageDocument } from '@tessera/core/contracts/pages';
import { ApiError, api } from '../api.js';

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
  /** Folders only: SPEC §3 behaviour (null for pages). */
  folderBehavior: number | null;
  redirectUrl: string;
  /** Blogs and events: what the RSS feed carries. */
  feedContent: 'full' | 'excerpt';
  hideFromSearch: boolean;
}

/** What a folder does when visitors open its address (SPEC §3 folder behaviour). */
const FOLDER_BEHAVIOURS = [
  { value: FolderBehavior.INDEX, label: 'Open its first page' },
  { value: FolderBehavior.REDIRECT, label: 'Go to another address' },
  { value: FolderBehavior.NONE, label: 'Nothing (the folder only groups pages)' },
] as const;

/** A page's settings (or a folder's, with what the folder does when visitors open it). */
export function PageSettingsDialog({
  id,
  onClose,
  onSaved,
}: {
  id: string;
  onClose: () => void;
  onSaved: (page: PageDocument) => void;
}) {
  const [form, setForm] = useState<SettingsForm | undefined>();
  const [kind, setKind] = useState('');
  const [protectedNow, setProtectedNow] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    api<PageDocument>('GET', `/api/config/pages/${id}`)
      .then(({ settings, summary }) => {
        setKind(summary.kind);
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

  const isFolder = form.folderBehavior !== null;
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
      hideFromSearch: form.hideFromSearch,
      status: form.status,
      publishAt: form.status === 'scheduled' && form.publishAt ? new Date(form.publishAt).toISOString() : null,
      ...(form.password ? { password: form.password } : {}),
      ...(kind === 'blog' || kind === 'events' ? { feedContent: form.feedContent } : {}),
      ...(isFolder
        ? {
            folderBehavior: form.folderBehavior ?? FolderBehavior.INDEX,
            redirectUrl: form.folderBehavior === FolderBehavior.REDIRECT ? form.redirectUrl : '',
          }
        : {}),
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
        {(kind === 'blog' || kind === 'events') && (
          <label>
            RSS feed
            <select
              value={form.feedContent}
              onChange={(e) => setForm({ ...form, feedContent: e.target.value === 'full' ? 'full' : 'excerpt' })}
            >
              <option value="excerpt">Excerpts (readers open the site for the rest)</option>
              <option value="full">Full posts</option>
            </select>
            {errors.feedContent && <span className="ed-field-error">{errors.feedContent}</span>}
          </label>
        )}
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
        <label className="ed-check">
          <input
            type="checkbox"
            checked={form.hideFromSearch}
            onChange={(e) => setForm({ ...form, hideFromSearch: e.target.checked })}
          />
          Hide from search engines
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
        {isFolder && (
          <>
            <label>
              When visitors open the folder
              <select
                value={form.folderBehavior ?? FolderBehavior.INDEX}
                aria-invalid={errors.folderBehavior ? true : undefined}
                onChange={(e) => setForm({ ...form, folderBehavior: Number(e.target.value) })}
              >
                {FOLDER_BEHAVIOURS.map((b) => (
                  <option key={b.value} value={b.value}>
                    {b.label}
                  </option>
                ))}
              </select>
              {errors.folderBehavior && <span className="ed-field-error">{errors.folderBehavior}</span>}
            </label>
            {form.folderBehavior === FolderBehavior.REDIRECT &&
              field('redirectUrl', 'Redirect to (/page or https://…)')}
          </>
        )}
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
