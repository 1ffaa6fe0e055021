import { BLOG_BLOCK_LIMITS, feedAddress, monthKey, POSTS_BY_FILTER } from '@tessera/core';
import { type BlockFormProps, blockEdits, CheckField, RangeField, SelectField, TextField } from './common.js';

// Forms of the blog blocks (archive, tag cloud, posts by author/tag/category/month, RSS). The
// server reads the same content keys with `@tessera/core`'s `blog-blocks.ts` and looks the posts
// up when a visitor opens the page; the preview shows a placeholder in their place.

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const numberIn = (value: unknown, range: { default: number; min: number; max: number }) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, range.min), range.max) : range.default;

function BlogField(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const current = str(props.block.content.collection);
  const blogs = props.pages.filter((p) => p.kind === 'blog');
  const options = [
    { value: '', label: 'Choose a blog…' },
    ...(current && !blogs.some((p) => p.slug === current) ? [{ value: current, label: current }] : []),
    ...blogs.map((p) => ({ value: p.slug, label: p.title })),
  ];
  return (
    <SelectField
      label="Blog"
      value={current}
      options={options}
      onChange={(v) => set('content', 'collection', v, false)}
    />
  );
}

function TitleField(props: BlockFormProps) {
  const { set } = blockEdits(props);
  return (
    <TextField
      label="Block title"
      value={str(props.block.content.title)}
      onChange={(v) => set('content', 'title', v)}
    />
  );
}

/** Archive: the blog's posts counted by month or year, each linking to the blog filtered by it. */
export function ArchiveForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  return (
    <>
      <BlogField {...props} />
      <TitleField {...props} />
      <SelectField
        label="Group posts by"
        value={c.groupBy === 'year' ? 'year' : 'month'}
        options={[
          { value: 'month', label: 'Month' },
          { value: 'year', label: 'Year' },
        ]}
        onChange={(v) => set('content', 'groupBy', v, false)}
      />
      <CheckField
        label="Show the number of posts"
        checked={c.showCount !== false}
        onChange={(v) => set('content', 'showCount', v, false)}
      />
    </>
  );
}

/** Tag cloud: the blog's tags or categories, larger the more posts use them. */
export function TagCloudForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  return (
    <>
      <BlogField {...props} />
      <TitleField {...props} />
      <SelectField
        label="Show"
        value={props.block.content.kind === 'category' ? 'category' : 'tag'}
        options={[
          { value: 'tag', label: 'Tags' },
          { value: 'category', label: 'Categories' },
        ]}
        onChange={(v) => set('content', 'kind', v, false)}
      />
    </>
  );
}

const FILTER_FIELD = {
  author: { label: 'Author name', hint: 'Posts whose author has exactly this name.' },
  tag: { label: 'Tag', hint: 'Posts with this tag.' },
  category: { label: 'Category', hint: 'Posts in this category.' },
  month: { label: 'Month', hint: 'As YYYY-MM, e.g. 2026-03: posts published in that month (in the site’s time zone).' },
} as const;

/** Posts by author, tag, category or month: the newest matching posts of a blog. */
export function PostsByForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  const filter = POSTS_BY_FILTER[props.block.type] ?? 'tag';
  const field = FILTER_FIELD[filter];
  const value = str(c.value);
  const range = BLOG_BLOCK_LIMITS.posts;
  const error = filter === 'month' && value && !monthKey(value) ? 'Choose a month (for example 2026-03).' : undefined;
  return (
    <>
      <BlogField {...props} />
      <TitleField {...props} />
      <TextField
        label={field.label}
        value={value}
        hint={field.hint}
        error={error}
        onChange={(v) => set('content', 'value', v)}
      />
      <RangeField
        label="Posts shown"
        value={numberIn(c.limit, range)}
        min={range.min}
        max={range.max}
        onChange={(v) => set('content', 'limit', v)}
      />
      <CheckField
        label="Show excerpts"
        checked={c.showExcerpt !== false}
        onChange={(v) => set('content', 'showExcerpt', v, false)}
      />
      <CheckField
        label="Show dates"
        checked={c.showDate !== false}
        onChange={(v) => set('content', 'showDate', v, false)}
      />
    </>
  );
}

/** RSS: an outside feed (read by the server, cached) or this site's own blog feed. */
export function RssForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  const url = str(c.url);
  const range = BLOG_BLOCK_LIMITS.feedItems;
  const error =
    url.trim() && !feedAddress(url)
      ? 'Enter a feed address starting with https:// or http://, or a blog of this site such as /blog.'
      : undefined;
  return (
    <>
      <TextField
        label="Feed address"
        value={url}
        hint="An RSS or Atom feed, e.g. https://example.com/feed.xml, or /blog for this site’s own blog."
        error={error}
        onChange={(v) => set('content', 'url', v)}
      />
      <TitleField {...props} />
      <RangeField
        label="Entries shown"
        value={numberIn(c.limit, range)}
        min={range.min}
        max={range.max}
        onChange={(v) => set('content', 'limit', v)}
      />
      <CheckField
        label="Show dates"
        checked={c.showDate !== false}
        onChange={(v) => set('content', 'showDate', v, false)}
      />
      <p className="ed-hint">The server reads the feed and keeps it for a while; visitors never wait long for it.</p>
    </>
  );
}
