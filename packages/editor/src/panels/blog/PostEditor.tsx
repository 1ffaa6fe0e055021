import { PAGE_STATUS_LABELS, PAGE_STATUSES, type PageStatus } from '@tessera/core';
import { useEffect, useId, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { EditorState } from '../../model/commands.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { SeoFields } from '../shared/SeoFields.js';
import { ImagePicker } from './ImagePicker.js';
import type { BlogSummary, BlogTerms, PostAnswer, PostDocument } from '@tessera/core/contracts/blog';
import { PostBodyField } from './PostBodyField.js';
import { blocksFromBody, changedSections, postBlocksState } from './post-blocks.js';
import {
  checkPostForm,
  emptyPostForm,
  formFromPost,
  isLive,
  type PostForm,
  postBody,
  suggestedUrlId,
  toLocalInput,
} from './post-form.js';
import { TermsInput } from './TermsInput.js';

const STATUS_ORDER: readonly PageStatus[] = ['draft', 'needs-review', 'scheduled', 'private', 'published'];

/** One post: every field the blog shows, saved as a whole; publish and unpublish save it too. */
export function PostEditor(props: {
  blog: BlogSummary;
  postId?: string;
  onSaved: (post: PostDocument, created: boolean) => void;
  onDeleted: () => void;
  onBack: () => void;
}) {
  const { blog, postId } = props;
  const id = useId();
  const postsPath = `/api/config/blogs/${encodeURIComponent(blog.id)}/posts`;
  const stored = useResource<PostAnswer>(postId ? `${postsPath}/${encodeURIComponent(postId)}` : undefined);
  const terms = useResource<BlogTerms>(`/api/config/blogs/${encodeURIComponent(blog.id)}/terms`);
  const [form, setForm] = useState<PostForm | undefined>(postId ? undefined : emptyPostForm());
  const [saved, setSaved] = useState<PostDocument | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  /** An imported post's blocks as the post screen edits them (undefined for a body alone). */
  const [blocks, setBlocks] = useState<EditorState | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (stored.data && !form) {
      setForm(formFromPost(stored.data.post));
      setSaved(stored.data.post);
      setBlocks(postBlocksState(stored.data.post));
    }
  }, [stored.data, form]);

  if (!form) {
    return (
      <Panel title="Post" error={stored.error}>
        <p className="ed-empty">Loading…</p>
      </Panel>
    );
  }
  const set = (patch: Partial<PostForm>) => setForm({ ...form, ...patch });

  const save = async (next: PostForm, message: string) => {
    const problems = checkPostForm(next);
    setErrors(problems);
    setError('');
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const created = !saved;
      const body = postBody(next, changedSections(blocks));
      const answer = saved
        ? await api<PostAnswer>('PUT', `${postsPath}/${encodeURIComponent(saved.id)}`, body)
        : await api<PostAnswer>('POST', postsPath, body);
      setSaved(answer.post);
      setForm(formFromPost(answer.post));
      setBlocks(postBlocksState(answer.post));
      setStatus(message);
      void terms.reload();
      props.onSaved(answer.post, created);
    } catch (e) {
      const message = (e as Error).message;
      const field = e instanceof ApiError && typeof e.body.field === 'string' ? e.body.field : '';
      if (field) setErrors({ [field]: message });
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  const publishNow = () => {
    const live = saved && isLive(saved) && saved.status === 'published';
    void save(
      { ...form, status: 'published', publishOn: live ? form.publishOn : toLocalInput(new Date().toISOString()) },
      'Published. Visitors can read this post now.',
    );
  };

  const remove = async () => {
    if (!saved) return props.onBack();
    try {
      await api('DELETE', `${postsPath}/${encodeURIComponent(saved.id)}`);
      props.onDeleted();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const field = (name: keyof PostForm, label: string, input: React.ReactNode, hint?: string) => (
    <div className="ed-form-row">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint && <span className="ed-hint">{hint}</span>}
      {errors[name] && (
        <span className="ed-field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  const described = (name: string) =>
    errors[name] ? { 'aria-describedby': `${id}-${name}-error`, 'aria-invalid': true } : {};
  const live = saved ? isLive(saved) : false;

  return (
    <Panel
      title={saved ? `Edit post: ${saved.title}` : 'New post'}
      error={error}
      onDismissError={() => setError('')}
      status={status}
      actions={
        <>
          <button type="button" onClick={props.onBack}>
            Back to posts
          </button>
          {saved && (
            <a href={saved.url} target="_blank" rel="noreferrer">
              {live ? 'View on site' : 'Not visible on the site yet'}
            </a>
          )}
        </>
      }
    >
      <form
        className="ed-blog__editor"
        aria-label="Post"
        onSubmit={(e) => {
          e.preventDefault();
          void save(form, 'Saved.');
        }}
      >
        <div className="ed-blog__main">
          {field(
            'title',
            'Title',
            <input
              id={`${id}-title`}
              value={form.title}
              maxLength={200}
              onChange={(e) => set({ title: e.target.value })}
              {...described('title')}
            />,
          )}
          {field(
            'urlId',
            'URL slug',
            <input
              id={`${id}-urlId`}
              value={form.urlId}
              placeholder={form.title ? suggestedUrlId(form.title) : 'made from the title'}
              maxLength={120}
              onChange={(e) => set({ urlId: e.target.value })}
              {...described('urlId')}
            />,
            `${blog.url}/${form.urlId.trim() || (form.title ? suggestedUrlId(form.title) : '…')}`,
          )}
          {saved && form.urlId.trim() && form.urlId.trim() !== saved.urlId && (
            <label className="ed-check">
              <input
                type="checkbox"
                checked={form.redirectOldUrl}
                onChange={(e) => set({ redirectOldUrl: e.target.checked })}
              />{' '}
              Send visitors of the old address ({saved.url}) here
            </label>
          )}
          {field(
            'excerpt',
            'Excerpt',
            <textarea
              id={`${id}-excerpt`}
              rows={3}
              value={form.excerpt}
              maxLength={2000}
              onChange={(e) => set({ excerpt: e.target.value })}
            />,
            'Shown in the blog list; the start of the body is used when it is empty.',
          )}
          <PostBodyField
            body={form.body}
            onBody={(body) => set({ body })}
            saved={saved}
            blocks={blocks}
            updateBlocks={(change) => setBlocks((current) => change(current ?? blocksFromBody(form.body)))}
          />
        </div>
        <div className="ed-blog__side">
          {field(
            'status',
            'Status',
            <select
              id={`${id}-status`}
              value={form.status}
              onChange={(e) => set({ status: e.target.value as PageStatus })}
            >
              {STATUS_ORDER.filter((s) => PAGE_STATUSES.includes(s)).map((s) => (
                <option key={s} value={s}>
                  {PAGE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>,
          )}
          {field(
            'publishOn',
            'Publish date',
            <input
              id={`${id}-publishOn`}
              type="datetime-local"
              value={form.publishOn}
              onChange={(e) => set({ publishOn: e.target.value })}
              {...described('publishOn')}
            />,
            form.status === 'scheduled'
              ? 'The post appears on the site at this time.'
              : 'Left empty, a new post takes the time it is saved.',
          )}
          {field(
            'author',
            'Author',
            <input
              id={`${id}-author`}
              value={form.author}
              maxLength={100}
              onChange={(e) => set({ author: e.target.value })}
            />,
          )}
          <ImagePicker
            label="Featured image"
            url={form.imageUrl}
            altText={form.imageAlt}
            onChange={(imageUrl, imageAlt) => set({ imageUrl, imageAlt })}
          />
          <TermsInput
            kind="tag"
            values={form.tags}
            known={(terms.data?.tags ?? []).map((t) => t.name)}
            onChange={(tags) => set({ tags })}
          />
          {errors.tags && <p className="ed-field-error">{errors.tags}</p>}
          <TermsInput
            kind="category"
            values={form.categories}
            known={(terms.data?.categories ?? []).map((t) => t.name)}
            onChange={(categories) => set({ categories })}
          />
          {errors.categories && <p className="ed-field-error">{errors.categories}</p>}
          <label className="ed-check">
            <input
              type="checkbox"
              checked={form.commentsEnabled}
              onChange={(e) => set({ commentsEnabled: e.target.checked })}
            />{' '}
            Allow comments
          </label>
          <SeoFields seo={form.seo} errors={errors} onChange={(seo) => set({ seo })} />
        </div>
        <div className="ed-blog__buttons">
          <button type="submit" className="ed-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          {saved && live ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void save({ ...form, status: 'draft' }, 'Unpublished: the post is a draft again.')}
            >
              Unpublish
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={publishNow}>
              Publish now
            </button>
          )}
          {confirmDelete ? (
            <>
              <span>Delete this post for good?</span>
              <button type="button" onClick={() => void remove()}>
                Delete post
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </>
          ) : (
            saved && (
              <button type="button" onClick={() => setConfirmDelete(true)}>
                Delete…
              </button>
            )
          )}
        </div>
      </form>
    </Panel>
  );
}
