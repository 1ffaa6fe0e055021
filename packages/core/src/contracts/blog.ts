import { z } from 'zod';
import { PAGE_STATUSES } from '../editor/page-settings.js';
import { MAX_TERMS_PER_POST, TERM_KINDS } from '../editor/tags.js';
import { itemSeo, itemSeoInput } from './item-seo.js';
import { draftBody, sectionData } from './pages.js';

// The owner API of blogs (`/api/config/blogs*`, issue 10; docs/api.md "Blog posts"): posts of every
// status, their tags and categories, as the editor's blog panel sends and reads them.

/** A stored status of a page, post, event or product: `published` or one of SPEC §3's four others. */
export const contentStatus = z.enum(PAGE_STATUSES);
export type ContentStatus = z.infer<typeof contentStatus>;

/** A picture of the file manager (`/files/…`). */
export const FILE_URL = /^\/files\/[A-Za-z0-9._~%/-]+$/;
export const CHOOSE_IMAGE = 'Choose an image from the file manager (/files/…).';

// A picture of the file manager; or the web address an imported post's featured image kept (a
// WordPress import without its media, domains/imports), which the server takes only unchanged.
const imageUrl = z
  .string()
  .max(500)
  .refine((url) => FILE_URL.test(url) || /^https?:\/\/[^\s"'<>]+$/.test(url), CHOOSE_IMAGE);

const termList = z.array(z.string().max(500)).max(MAX_TERMS_PER_POST);

/** `POST …/posts` and `PUT …/posts/:postId`: the whole post (the server cleans `body`'s HTML). */
export const postBody = z
  .object({
    title: z.string().trim().min(1, 'Please enter a post title.').max(200),
    urlId: z.string().trim().max(120).default(''),
    excerpt: z.string().max(2000).default(''),
    body: z.string().max(500_000).default(''),
    author: z.string().trim().max(100).default(''),
    status: contentStatus.default('draft'),
    publishOn: z.string().max(40).nullable().optional(),
    featuredImage: z
      .object({ url: imageUrl, altText: z.string().trim().max(200).default('') })
      .strict()
      .nullable()
      .default(null),
    tags: termList.default([]),
    categories: termList.default([]),
    commentsEnabled: z.boolean().default(false),
    seo: itemSeoInput.optional(),
    /** When the URL slug changes: keep the old address working with a 301 (default on). */
    redirectOldUrl: z.boolean().default(true),
    sections: draftBody.shape.sections
      .optional()
      .describe(
        "The post's blocks, checked as a page draft's sections; when sent, the server makes the body from them and `body` is not read",
      ),
  })
  .strict();
/** What the editor sends. */
export type PostBody = z.input<typeof postBody>;

/** `PUT …/posts/:postId/status`: publish, unpublish, schedule, send for review or make private. */
export const postStatusBody = z
  .object({ status: contentStatus, publishOn: z.string().max(40).nullable().optional() })
  .strict();
export type PostStatusBody = z.input<typeof postStatusBody>;

/** `GET …/posts`'s query. */
export const postListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const termKind = z.enum(TERM_KINDS);
const termName = z.string().max(500);
/** `POST …/terms`: add a tag or category before any post carries it. */
export const termAddBody = z.object({ kind: termKind, name: termName }).strict();
/** `PATCH …/terms`: rename one on every post of the blog. */
export const termRenameBody = z.object({ kind: termKind, name: termName, newName: termName }).strict();
/** `DELETE …/terms?kind=&name=`: take one off every post of the blog. */
export const termDeleteQuery = z.object({ kind: termKind, name: termName.min(1, 'Say which term to delete.') });

/** One blog of the site. */
export const blogSummary = z
  .object({ id: z.string(), title: z.string(), slug: z.string(), url: z.string(), postCount: z.number().int() })
  .strict();
/** `GET /api/config/blogs`. */
export const blogsAnswer = z.object({ blogs: z.array(blogSummary) }).strict();

export const postImage = z.object({ url: z.string(), altText: z.string() }).strict();

/** A post in a blog's list. */
export const postSummary = z
  .object({
    id: z.string(),
    blogId: z.string(),
    title: z.string(),
    urlId: z.string(),
    /** `/<blog slug>/<urlId>`. */
    url: z.string(),
    status: contentStatus,
    /** ISO UTC; the post is not public before it. */
    publishOn: z.string(),
    author: z.string(),
    tags: z.array(z.string()),
    categories: z.array(z.string()),
    updatedAt: z.string(),
  })
  .strict();
/** `GET …/posts`: a page of posts, newest first, and how many the blog has. */
export const postPage = z.object({ posts: z.array(postSummary), total: z.number().int() }).strict();

/** A whole post, as the post editor opens it. */
export const postDocument = postSummary
  .extend({
    excerpt: z.string(),
    body: z.string(),
    featuredImage: postImage.nullable(),
    commentsEnabled: z.boolean(),
    seo: itemSeo,
    /** Blocks the post keeps besides its body's HTML (a WordPress import's); 0 for a body alone. */
    blocks: z.number().int().min(0),
    sections: z
      .array(sectionData)
      .describe("The post's blocks as stored when it keeps blocks of its own (`blocks` > 0); empty for a body alone"),
  })
  .strict();
/** Creating, reading, replacing a post or changing its status. */
export const postAnswer = z.object({ post: postDocument }).strict();
/** `DELETE …/posts/:postId`: the deleted post's id. */
export const postDeletedAnswer = z.object({ deleted: z.string() }).strict();

/** A blog's or post's id in a route's address (`/api/config/blogs/:blogId/posts/:postId`). */
const addressId = z.string().min(1).max(128);
export const blogParams = z.object({ blogId: addressId });
export const blogPostParams = z.object({ blogId: addressId, postId: addressId });

export const termCount = z.object({ name: z.string(), count: z.number().int() }).strict();
/** `…/terms` (every method): the blog's tags and categories with how many posts carry each. */
export const blogTerms = z.object({ tags: z.array(termCount), categories: z.array(termCount) }).strict();

export type BlogSummary = z.infer<typeof blogSummary>;
export type PostImage = z.infer<typeof postImage>;
export type PostSummary = z.infer<typeof postSummary>;
export type PostPage = z.infer<typeof postPage>;
export type PostDocument = z.infer<typeof postDocument>;
export type PostAnswer = z.infer<typeof postAnswer>;
export type TermCount = z.infer<typeof termCount>;
export type BlogTerms = z.infer<typeof blogTerms>;
export type BlogsAnswer = z.infer<typeof blogsAnswer>;
