import { useEffect, useState } from 'react';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { PostEditor } from './PostEditor.js';
import { PostList } from './PostList.js';
import type { BlogsAnswer } from '@tessera/core/contracts/blog';
import { TermManager } from './TermManager.js';
import './blog.css';

export const BLOG_PATH = '/config/blog';

/** Where a blog address points: `/config/blog/<blogId>[/new | /posts/<postId> | /terms]`. */
function route(path: string): { blogId?: string; view: 'list' | 'new' | 'post' | 'terms'; postId?: string } {
  const [blogId, section, postId] = path
    .slice(BLOG_PATH.length)
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  if (!blogId) return { view: 'list' };
  if (section === 'new') return { blogId, view: 'new' };
  if (section === 'terms') return { blogId, view: 'terms' };
  if (section === 'posts' && postId) return { blogId, view: 'post', postId };
  return { blogId, view: 'list' };
}

/**
 * The blog panel: the posts of one blog (every status), the post editor, and the blog's tag and
 * category manager. The blog is part of the address, so every view can be linked and reloaded.
 */
export default function BlogPanel({ path, navigate }: PanelProps) {
  const blogs = useResource<BlogsAnswer>('/api/config/blogs');
  // A post just created keeps its editor (and its "Published" message) when the address gains its id.
  const [createdId, setCreatedId] = useState<string | undefined>();
  const [newCount, setNewCount] = useState(0);
  const where = route(path);
  const first = blogs.data?.blogs[0];
  const blog = blogs.data?.blogs.find((b) => b.id === where.blogId);
  const base = (id: string) => `${BLOG_PATH}/${encodeURIComponent(id)}`;

  useEffect(() => {
    if (!where.blogId && first) navigate(base(first.id));
  });

  if (!blogs.data || (!where.blogId && first)) {
    return (
      <Panel title="Blog" error={blogs.error}>
        <p className="ed-empty">Loading…</p>
      </Panel>
    );
  }
  if (!blog) {
    return (
      <Panel title="Blog">
        <p className="ed-empty" role="alert">
          {blogs.data.blogs.length === 0
            ? 'This site has no blog yet. Add a blog collection to the site to write posts.'
            : 'Unable to locate content'}
        </p>
      </Panel>
    );
  }

  const chooser =
    blogs.data.blogs.length > 1 ? (
      <label className="ed-blog__chooser">
        Blog{' '}
        <select value={blog.id} onChange={(e) => navigate(base(e.target.value))}>
          {blogs.data.blogs.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </select>
      </label>
    ) : null;

  if (where.view === 'terms')
    return <TermManager blog={blog} chooser={chooser} onBack={() => navigate(base(blog.id))} />;
  if (where.view === 'new' || where.view === 'post')
    return (
      <PostEditor
        key={where.postId && where.postId !== createdId ? where.postId : `new-${newCount}`}
        blog={blog}
        postId={where.postId}
        onSaved={(post, created) => {
          void blogs.reload();
          if (!created) return;
          setCreatedId(post.id);
          navigate(`${base(blog.id)}/posts/${encodeURIComponent(post.id)}`);
        }}
        onDeleted={() => {
          void blogs.reload();
          navigate(base(blog.id));
        }}
        onBack={() => navigate(base(blog.id))}
      />
    );
  return (
    <PostList
      key={blog.id}
      blog={blog}
      chooser={chooser}
      onOpen={(id) => navigate(`${base(blog.id)}/posts/${encodeURIComponent(id)}`)}
      onCreate={() => {
        setNewCount(newCount + 1);
        navigate(`${base(blog.id)}/new`);
      }}
      onTerms={() => navigate(`${base(blog.id)}/terms`)}
      onChanged={() => void blogs.reload()}
    />
  );
}
