import {
  commentBody,
  commentListAnswer,
  commentPostedAnswer,
  likeAnswer,
  moderationAnswer,
  moderationListAnswer,
} from '@tessera/core/contracts/comments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireOwner } from '../auth/index.js';
import type { ContentService } from '../content/index.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/aliases.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { newToken } from '../../platform/ids.js';
import { parseCommentInput } from './comment-input.js';
import { COMMENT_STATUSES, type CommentStatus, createCommentService } from './comment-service.js';
import { CommentError } from './errors.js';
import { commentListQuery, commentParams, likeParams, moderationBody, moderationQuery } from './schemas.js';

/** HttpOnly cookie naming a visitor for likes (one like per item and visitor). */
export const VISITOR_COOKIE = 'tessera-visitor';
const VISITOR_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;

export interface CommentsPluginOptions {
  content: ContentService;
  /** Comment posts per client address per minute (default `COMMENTS_PER_MINUTE` or 10). */
  commentsPerMinute?: number;
  /** Like posts per client address per minute (default 60). */
  likesPerMinute?: number;
}

/** A post that visitors may see, with what the comment and like routes need to know about it. */
interface PostTarget {
  id: string;
  siteId: string;
  fullUrl: string;
  commentsEnabled: boolean;
}

async function findPublicItem(db: Kysely<Database>, siteId: string, itemId: string): Promise<PostTarget | undefined> {
  const row = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['items.id', 'items.url_id', 'items.comments_enabled', 'collections.slug'])
    .where('items.site_id', '=', siteId)
    .where('items.id', '=', itemId)
    .where('items.status', 'in', ['published', 'scheduled'])
    .where('items.published_at', '<=', new Date().toISOString())
    .where('collections.status', '=', 'published')
    .where('collections.password_hash', 'is', null)
    .where('collections.members_only', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, siteId, fullUrl: `/${row.slug}/${row.url_id}`, commentsEnabled: row.comments_enabled === 1 };
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

function visitorOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const id = newToken();
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: VISITOR_MAX_AGE_S,
  });
  return id;
}

/**
 * Comments and simple likes on blog posts, stored locally:
 * `GET /api/comments?itemId=` (approved comments), `POST /api/comments` (JSON or a plain form post
 * with the crumb field, which redirects back to the post), `POST /api/likes/:itemId` (once per
 * visitor cookie), and for moderators `GET /api/config/comments?status=` and
 * `PUT /api/config/comments/:commentId` `{ status }`.
 */
export default async function commentsPlugin(app: FastifyInstance, options: CommentsPluginOptions): Promise<void> {
  const comments = createCommentService(app.db);
  const commentsPerMinute = options.commentsPerMinute ?? (Number(process.env.COMMENTS_PER_MINUTE) || 10);
  const likesPerMinute = options.likesPerMinute ?? 60;
  const site = (request: FastifyRequest) => options.content.getSiteForHost(request.hostname);

  async function requirePost(request: FastifyRequest, itemId: string): Promise<PostTarget> {
    const found = await findPublicItem(app.db, (await site(request)).id, itemId);
    if (!found) throw new CommentError('post-not-found');
    return found;
  }

  const statusRefused = () => new AppError('invalid-body', `status: Use one of ${COMMENT_STATUSES.join(', ')}.`);

  const listContract = {
    summary: "A post's approved comments",
    query: commentListQuery,
    response: commentListAnswer,
    errors: ['post-not-found'],
  } as const;
  app.get('/api/comments', { config: { contract: listContract } }, async (request) => {
    const query = commentListQuery.safeParse(request.query);
    if (!query.success) throw new AppError('invalid-body', 'itemId: Send the id of the post.');
    const post = await requirePost(request, query.data.itemId);
    const list = await comments.listApproved(post.siteId, post.id);
    return { itemId: post.id, comments: list, publicCommentCount: list.length };
  });

  app.post(
    '/api/comments',
    {
      onRequest: limitPerAddress(app, { name: 'comment', max: commentsPerMinute, timeWindowMs: 60_000 }),
      config: {
        contract: {
          summary: 'Comment on a post (JSON, or a plain form post answered with a 303 back to the post)',
          body: commentBody,
          response: { 201: commentPostedAnswer },
          errors: ['invalid-comment', 'post-not-found', 'comments-closed', 'rate-limited'],
        },
      },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      const parsed = parseCommentInput(request.body);
      const itemId = parsed.ok ? parsed.value.itemId : String((request.body as { itemId?: unknown })?.itemId ?? '');
      if (!parsed.ok) {
        if (form && !parsed.errors.itemId) {
          const post = await requirePost(request, itemId);
          const field = Object.keys(parsed.errors)[0];
          return reply.redirect(`${post.fullUrl}?commentError=${field}#comment-form`, 303);
        }
        throw new CommentError('invalid-comment', { errors: parsed.errors });
      }
      const post = await requirePost(request, parsed.value.itemId);
      const current = await site(request);
      if (current.websiteSettings.commentsEnabled === false || !post.commentsEnabled) {
        throw new CommentError('comments-closed');
      }
      const status: CommentStatus = current.websiteSettings.commentsRequireApproval === true ? 'pending' : 'approved';
      const comment = await comments.addComment({ siteId: post.siteId, ...parsed.value, status });
      if (form) return reply.redirect(`${post.fullUrl}?comment=${status}#comments`, 303);
      const publicCommentCount = (await comments.countApproved(post.siteId, [post.id])).get(post.id) ?? 0;
      return reply.code(201).send({
        comment,
        publicCommentCount,
        pending: status === 'pending',
        message: status === 'pending' ? 'Thanks! Your comment will appear once it is approved.' : 'Comment posted.',
      });
    },
  );

  app.post(
    '/api/likes/:itemId',
    {
      onRequest: limitPerAddress(app, { name: 'like', max: likesPerMinute, timeWindowMs: 60_000 }),
      config: {
        contract: {
          summary: 'Like a post (once per visitor cookie)',
          params: likeParams,
          response: likeAnswer,
          errors: ['likes-disabled', 'post-not-found', 'rate-limited'],
        },
      },
    },
    async (request, reply) => {
      const current = await site(request);
      if (current.websiteSettings.simpleLikingEnabled !== true) throw new CommentError('likes-disabled');
      const params = likeParams.safeParse(request.params);
      if (!params.success) throw new CommentError('post-not-found');
      const post = await requirePost(request, params.data.itemId);
      const result = await comments.like(post.siteId, post.id, visitorOf(request, reply));
      if (isFormPost(request)) return reply.redirect(`${post.fullUrl}#like`, 303);
      return { itemId: post.id, liked: true, alreadyLiked: !result.added, likeCount: result.likeCount };
    },
  );

  app.get(
    '/api/config/comments',
    {
      preHandler: requireOwner('comments'),
      config: {
        contract: {
          summary: 'Comments of one moderation status (pending unless named)',
          query: moderationQuery,
          response: moderationListAnswer,
        },
      },
    },
    async (request) => {
      const query = moderationQuery.safeParse(request.query);
      if (!query.success) throw statusRefused();
      return { comments: await comments.listByStatus((await site(request)).id, query.data.status) };
    },
  );

  const moderateContract = {
    summary: 'Approve a comment, hold it or mark it as spam',
    params: commentParams,
    body: moderationBody,
    response: moderationAnswer,
    errors: ['comment-not-found'],
  } as const;
  app.put(
    '/api/config/comments/:commentId',
    { preHandler: requireOwner('comments'), config: { contract: moderateContract } },
    async (request) => {
      const body = moderationBody.safeParse(request.body);
      if (!body.success) throw statusRefused();
      const { commentId } = commentParams.parse(request.params);
      const { status } = body.data;
      const changed = await comments.setStatus((await site(request)).id, commentId, status);
      if (!changed) throw new CommentError('comment-not-found');
      return { id: commentId, status };
    },
  );
}
