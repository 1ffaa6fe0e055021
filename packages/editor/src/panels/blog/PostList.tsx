import { PAGE_STATUS_LABELS } from '@tessera/core';
import { type ReactNode, useState } from 'react';
import { api } from '../../api.js';
import { TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import type { BlogSummary, PostAnswer, PostPage, PostSummary } from '@tessera/core/contracts/blog';
import { isLive } from './post-form.js';

const PAGE_SIZE = 50;

export function statusLabel(post: Pick<PostSummary, 'status' | 'publishOn'>): string {
  const label = PAGE_STATUS_LABELS[post.status];
  if (post.status === 'published' && !isLive(post)) return 'Published (future date)';
  return label;
}

export function dateText(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The posts of one blog, newest first, with publish, unpublish and delete on each row. */
export function PostList(props: {
  blog: BlogSummary;
  chooser: ReactNode;
  onOpen: (id: string) => void;
  onCreate: () => void;
  onTerms: () => void;
  onChanged: () => void;
}) {
  const { blog } = props;
  const [offset, setOffset] = useState(0);
  const list = useResource<PostPage>(
    `/api/config/blogs/${encodeURIComponent(blog.id)}/posts?limit=${PAGE_SIZE}&offset=${offset}`,
  );
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState<string | undefined>();

  const run = async (message: string, action: () => Promise<unknown>) => {
    setError('');
    try {
      await action();
      setStatus(message);
      await list.reload();
      props.onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const postPath = (id: string) => `/api/config/blogs/${encodeURIComponent(blog.id)}/posts/${encodeURIComponent(id)}`;
  const setPostStatus = (post: PostSummary, next: 'published' | 'draft') =>
    run(next === 'published' ? `Published “${post.title}”.` : `“${post.title}” is a draft again.`, () =>
      api<PostAnswer>('PUT', `${postPath(post.id)}/status`, {
        status: next,
        // Publishing now: a draft's date is when it was started, so it takes today's.
        ...(next === 'published' && !isLive(post) ? { publishOn: new Date().toISOString() } : {}),
      }),
    );

  const posts = list.data?.posts ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Panel
      title={`Blog: ${blog.title}`}
      error={error || list.error}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
      actions={
        <>
          {props.chooser}
          <button type="button" onClick={props.onTerms}>
            Tags and categories
          </button>
          <button type="button" className="ed-primary" onClick={props.onCreate}>
            New post
          </button>
        </>
      }
    >
      <p className="ed-hint">
        Visitors read this blog at <a href={blog.url}>{blog.url}</a>. {total} {total === 1 ? 'post' : 'posts'}.
      </p>
      {list.loading && !list.data ? (
        <p className="ed-empty">Loading…</p>
      ) : posts.length === 0 ? (
        <p className="ed-empty">No posts yet. Write the first one with New post.</p>
      ) : (
        <table className="ed-table ed-blog__posts">
          <caption className="ed-sr">Posts of {blog.title}</caption>
          <TableHead columns={['Title', 'Status', 'Publish date', 'Tags', 'Categories', 'Actions']} />
          <tbody>
            {posts.map((post) => (
              <tr key={post.id}>
                <th scope="row">
                  <button type="button" className="ed-blog__title" onClick={() => props.onOpen(post.id)}>
                    {post.title}
                  </button>
                  {post.author && <span className="ed-hint"> by {post.author}</span>}
                </th>
                <td>
                  <span className={`ed-badge ed-blog__status--${post.status}`}>{statusLabel(post)}</span>
                </td>
                <td>{dateText(post.publishOn)}</td>
                <td>{post.tags.join(', ')}</td>
                <td>{post.categories.join(', ')}</td>
                <td className="ed-blog__actions">
                  {confirming === post.id ? (
                    <>
                      <span>Delete this post for good?</span>
                      <button
                        type="button"
                        onClick={() =>
                          run(`Deleted “${post.title}”.`, () => api('DELETE', postPath(post.id))).then(() =>
                            setConfirming(undefined),
                          )
                        }
                      >
                        Delete “{post.title}”
                      </button>
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Keep it
                      </button>
                    </>
                  ) : (
                    <>
                      <button type="button" onClick={() => props.onOpen(post.id)} aria-label={`Edit ${post.title}`}>
                        Edit
                      </button>
                      {isLive(post) ? (
                        <button
                          type="button"
                          onClick={() => setPostStatus(post, 'draft')}
                          aria-label={`Unpublish ${post.title}`}
                        >
                          Unpublish
                        </button>
                      ) : (
                        <button
                          type="button"
                          onClick={() => setPostStatus(post, 'published')}
                          aria-label={`Publish ${post.title}`}
                        >
                          Publish
                        </button>
                      )}
                      <button type="button" onClick={() => setConfirming(post.id)} aria-label={`Delete ${post.title}`}>
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
      {total > PAGE_SIZE && (
        <nav className="ed-blog__pages" aria-label="Post pages">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Newer posts
          </button>
          <span>
            {offset + 1}–{Math.min(total, offset + PAGE_SIZE)} of {total}
          </span>
          <button type="button" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Older posts
          </button>
        </nav>
      )}
    </Panel>
  );
}
