import { checkPostTerms, EDITOR_MESSAGES, slugFromTitle, WebsiteRole } from '@tessera/core';
import {
  blogPostParams,
  blogsAnswer,
  CHOOSE_IMAGE,
  FILE_URL,
  postAnswer,
  postBody,
  postDeletedAnswer,
  postListQuery,
  postPage,
  type PostDocument,
  postStatusBody,
} from '@tessera/core/contracts/blog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerOf } from '../../settings/index.js';
import { requireOwner } from '../../auth/index.js';
import { storedItemSeo } from '../item-seo-input.js';
import { rawCodeOf, sanitizeOwnerHtml, sanitizeSections } from '../../../platform/html/sanitize-owner-html.js';
import { AppError } from '../../../platform/errors/aliases.js';
import { parseInput } from '../../../platform/http/validate.js';
import { nowIso } from '../../../platform/ids.js';
import { createBlogStore, type PostInput } from './blog-store.js';
import { createBlogTermStore } from './blog-term-store.js';
import { parsePostSections, sectionsBody } from './sections-body.js';
import { originalSizeOf } from '../../files/index.js';

/**
 * The owner API of blog posts (issue 10), behind `requireOwner('content')`: the site's blogs, and
 * for one blog its posts of every status, created, edited, scheduled, published, unpublished and
 * deleted. Every change drops the site's content cache so visitors see it on the next request.
 */

const CHOOSE_DATE = 'Choose a date and time.';

type Params = { blogId: string };
type PostParams = { blogId: string; postId: string };

/** An ISO date from the editor, or the 400 that says to choose one; undefined when none was sent. */
function publishDate(raw: string | null | undefined, status: string): string | undefined {
  if (raw === null || raw === undefined || raw === '') {
    if (status === 'scheduled') throw new AppError('invalid-body', CHOOSE_DATE, { field: 'publishOn' });
    return undefined;
  }
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new AppError('invalid-body', CHOOSE_DATE, { field: 'publishOn' });
  return new Date(at).toISOString();
}

/** A post's URL id: what the owner typed, or one made from the title. */
function postUrlId(raw: string, title: string): string {
  const urlId = raw || slugFromTitle(title).replace(/^page-?/, '') || 'post';
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(urlId))
    throw new AppError('invalid-body', EDITOR_MESSAGES.invalidPageUrl(urlId), { field: 'urlId' });
  return urlId;
}

export default async function blogPostsPlugin(app: FastifyInstance): Promise<void> {
  const store = createBlogStore(app.db);
  const termStore = createBlogTermStore(app.db, store.blog);
  const content = { preHandler: requireOwner('content') };
  const invalidate = (siteId: string) => app.services.content.invalidate(siteId);

  /**
   * The checked post, with the blog's spelling for tags and categories it already knows. Sections
   * sent are checked as a page draft's (same refusals) and cleaned as a page's: only an
   * administrator keeps a raw code block, anyone else one already stored; the body is made from them.
   */
  async function postInput(
    request: FastifyRequest,
    blogId: string,
    previous?: Pick<PostDocument, 'publishOn' | 'featuredImage' | 'sections'>,
  ): Promise<PostInput> {
    const owner = ownerOf(request);
    const siteId = owner.websiteId;
    const value = request.body as Record<string, unknown> | null | undefined;
    const sent = value && typeof value === 'object' && value.sections !== undefined;
    const checked = sent ? parsePostSections(value.sections) : undefined;
    const input = parseInput(postBody, value);
    const known = await termStore.knownTerms(siteId, blogId);
    const tags = checkPostTerms('tag', input.tags, known.tags);
    if (!tags.ok) throw new AppError('invalid-body', tags.error, { field: 'tags' });
    const categories = checkPostTerms('category', input.categories, known.categories);
    if (!categories.ok) throw new AppError('invalid-body', categories.error, { field: 'categories' });
    const image = input.featuredImage;
    if (image && !FILE_URL.test(image.url) && image.url !== previous?.featuredImage?.url)
      throw new AppError('invalid-body', `featuredImage.url: ${CHOOSE_IMAGE}`, { field: 'featuredImage.url' });
    const allowRaw = owner.roles.includes(WebsiteRole.ADMIN);
    const files = await app.siteFiles(siteId);
    const sections = checked && sanitizeSections(checked, { allowRaw, storedRaw: rawCodeOf(previous?.sections ?? []) });
    return {
      ...input,
      sections,
      body: sections ? sectionsBody(sections) : sanitizeOwnerHtml(input.body),
      featuredImage: image && { ...image, originalSize: await originalSizeOf(files, image.url) },
      seo: input.seo && (await storedItemSeo(files, input.seo)),
      urlId: postUrlId(input.urlId, input.title),
      publishOn: publishDate(input.publishOn, input.status) ?? previous?.publishOn ?? nowIso(),
      tags: tags.value,
      categories: categories.value,
    };
  }

  // Creating and replacing a post read its fields through `postInput`'s `postBody`.
  const postRoute = { ...content, config: { contract: { body: postBody, response: { 200: postAnswer } } } };
  const readPost = { ...content, config: { contract: { params: blogPostParams, response: { 200: postAnswer } } } };
  const blogsRoute = { ...content, config: { contract: { response: { 200: blogsAnswer } } } };
  app.get('/api/config/blogs', blogsRoute, async (request) => ({
    blogs: await store.listBlogs(ownerOf(request).websiteId),
  }));

  app.get<{ Params: Params }>(
    '/api/config/blogs/:blogId/posts',
    { ...content, config: { contract: { query: postListQuery, response: { 200: postPage } } } },
    async (request) => {
      const query = parseInput(postListQuery, request.query ?? {}, 'query');
      return store.listPosts(ownerOf(request).websiteId, request.params.blogId, query);
    },
  );

  app.post<{ Params: Params }>('/api/config/blogs/:blogId/posts', postRoute, async (request) => {
    const siteId = ownerOf(request).websiteId;
    const { blogId } = request.params;
    await store.blog(siteId, blogId);
    const post = await store.createPost(siteId, blogId, await postInput(request, blogId));
    invalidate(siteId);
    return { post };
  });

  app.get('/api/config/blogs/:blogId/posts/:postId', readPost, async (request) => {
    const { blogId, postId } = parseInput(blogPostParams, request.params, 'address');
    return { post: await store.getPost(ownerOf(request).websiteId, blogId, postId) };
  });

  app.put<{ Params: PostParams }>('/api/config/blogs/:blogId/posts/:postId', postRoute, async (request) => {
    const siteId = ownerOf(request).websiteId;
    const { blogId, postId } = request.params;
    const current = await store.getPost(siteId, blogId, postId);
    const input = await postInput(request, blogId, current);
    const post = await store.updatePost(siteId, blogId, postId, input);
    invalidate(siteId);
    return { post };
  });

  // Publish, unpublish (back to draft), schedule, send for review or make private in one step.
  app.put<{ Params: PostParams }>(
    '/api/config/blogs/:blogId/posts/:postId/status',
    { ...content, config: { contract: { body: postStatusBody, response: { 200: postAnswer } } } },
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const { blogId, postId } = request.params;
      const input = parseInput(postStatusBody, request.body);
      const publishOn = publishDate(input.publishOn, input.status);
      const post = await store.setStatus(siteId, blogId, postId, { status: input.status, publishOn });
      invalidate(siteId);
      return { post };
    },
  );

  const deleteRoute = {
    ...content,
    config: { contract: { params: blogPostParams, response: { 200: postDeletedAnswer } } },
  };
  app.delete('/api/config/blogs/:blogId/posts/:postId', deleteRoute, async (request) => {
    const siteId = ownerOf(request).websiteId;
    const { blogId, postId } = parseInput(blogPostParams, request.params, 'address');
    await store.deletePost(siteId, blogId, postId);
    invalidate(siteId);
    return { deleted: postId };
  });
}
