// The post editor's form: conversions both ways between it and blog posts as the owner API sends
// them (`@tessera/core/contracts/blog`), and the checks the form makes before it sends (the server
// makes them again).

import {
  EMPTY_ITEM_SEO,
  type ItemSeo,
  itemSeoFrom,
  type PageStatus,
  slugFromTitle,
  validateItemSeo,
} from '@tessera/core';
import type { PostBody, PostDocument, PostSummary } from '@tessera/core/contracts/blog';

/** What the form holds: text as typed, the date as a `datetime-local` value. */
export interface PostForm {
  title: string;
  urlId: string;
  excerpt: string;
  body: string;
  author: string;
  status: PageStatus;
  /** 'YYYY-MM-DDTHH:mm' in the owner's time zone, or ''. */
  publishOn: string;
  imageUrl: string;
  imageAlt: string;
  tags: string[];
  categories: string[];
  commentsEnabled: boolean;
  seo: ItemSeo;
  /** When the URL slug changes: keep the old address working with a 301. */
  redirectOldUrl: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; '' stays empty. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

export function emptyPostForm(): PostForm {
  return {
    title: '',
    urlId: '',
    excerpt: '',
    body: '',
    author: '',
    status: 'draft',
    publishOn: '',
    imageUrl: '',
    imageAlt: '',
    tags: [],
    categories: [],
    commentsEnabled: false,
    seo: { ...EMPTY_ITEM_SEO },
    redirectOldUrl: true,
  };
}

export function formFromPost(post: PostDocument): PostForm {
  return {
    title: post.title,
    urlId: post.urlId,
    excerpt: post.excerpt,
    body: post.body,
    author: post.author,
    status: post.status,
    publishOn: toLocalInput(post.publishOn),
    imageUrl: post.featuredImage?.url ?? '',
    imageAlt: post.featuredImage?.altText ?? '',
    tags: post.tags,
    categories: post.categories,
    commentsEnabled: post.commentsEnabled,
    seo: itemSeoFrom(post.seo),
    redirectOldUrl: true,
  };
}

/** The slug a new post gets when the owner leaves the field empty. */
export function suggestedUrlId(title: string): string {
  return slugFromTitle(title).replace(/^page-?/, '') || 'post';
}

/**
 * The request body of `POST`/`PUT …/posts`; with `sections` (the post's blocks, changed on the post
 * screen) the server makes the body from them.
 */
export function postBody(form: PostForm, sections?: PostBody['sections']): PostBody {
  return {
    ...(sections ? { sections } : {}),
    title: form.title,
    urlId: form.urlId.trim(),
    excerpt: form.excerpt,
    body: form.body,
    author: form.author,
    status: form.status,
    publishOn: fromLocalInput(form.publishOn) || null,
    featuredImage: form.imageUrl ? { url: form.imageUrl, altText: form.imageAlt } : null,
    tags: form.tags,
    categories: form.categories,
    commentsEnabled: form.commentsEnabled,
    seo: form.seo,
    redirectOldUrl: form.redirectOldUrl,
  };
}

/**
 * What the body field says of a post that keeps blocks of its own (an import's gallery, video…),
 * edited one by one on the post screen (PostBlocks.tsx) and saved as they are.
 */
export function bodyBlocksNote(post: Pick<PostDocument, 'blocks'> | undefined): string {
  const count = post?.blocks ?? 0;
  if (count <= 0) return '';
  const blocks = count === 1 ? '1 block' : `${count} blocks`;
  return `This post is made of ${blocks} (an import's pictures, galleries, videos and the like). Text blocks are edited as text; open any other block to change it (a gallery's pictures, their order and alt text, an image and its caption). Saving keeps every block.`;
}

/** Problems the form can see before sending, by field. */
export function checkPostForm(form: PostForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.title.trim()) errors.title = 'Please enter a post title.';
  const slug = form.urlId.trim();
  if (slug && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) errors.urlId = `${slug} is not a valid page URL`;
  if (form.status === 'scheduled' && !fromLocalInput(form.publishOn)) errors.publishOn = 'Choose a date and time.';
  const seo = validateItemSeo(form.seo);
  if (!seo.ok) for (const [field, message] of Object.entries(seo.errors)) errors[`seo.${field}`] = message;
  return errors;
}

/** Is the post visible to visitors now? */
export function isLive(post: Pick<PostSummary, 'status' | 'publishOn'>, now = Date.now()): boolean {
  return (post.status === 'published' || post.status === 'scheduled') && Date.parse(post.publishOn) <= now;
}
