import { checkTermName, findTerm, TERM_MESSAGES, type TermKind } from '@tessera/core';
import { blogParams, blogTerms, termAddBody, termDeleteQuery, termRenameBody } from '@tessera/core/contracts/blog';
import type { FastifyInstance } from 'fastify';
import { ownerOf, withStatus } from '../../settings/index.js';
import { requireOwner } from '../../auth/index.js';
import { AppError } from '../../../platform/errors/aliases.js';
import { parseInput } from '../../../platform/http/validate.js';
import { createBlogStore } from './blog-store.js';
import { createBlogTermStore } from './blog-term-store.js';

/**
 * The tag and category manager's owner API (issue 10), behind `requireOwner('content')`: a blog's
 * tags and categories with their post counts; add one, rename one on every post that carries it,
 * or delete one from every post (the posts stay; nothing is merged). Names follow @tessera/core's
 * rules: case-insensitively unique ('This {tagType} already exists'), tags up to 50 characters and
 * categories up to 25.
 */

type Params = { blogId: string };

export default async function blogTermsPlugin(app: FastifyInstance): Promise<void> {
  const store = createBlogTermStore(app.db, createBlogStore(app.db).blog);
  const content = { preHandler: requireOwner('content') };
  const invalidate = (siteId: string) => app.services.content.invalidate(siteId);

  /** The stored name the request means (exact spelling first, else any case). */
  function existingName(termKind: TermKind, raw: string, existing: string[]): string {
    const found = existing.includes(raw) ? raw : findTerm(existing, raw);
    if (!found) throw new AppError('not-found', TERM_MESSAGES.notFound(termKind));
    return found;
  }

  const termsRoute = (contract: {
    body?: typeof termAddBody | typeof termRenameBody;
    query?: typeof termDeleteQuery;
  }) => ({
    ...content,
    config: { contract: { params: blogParams, ...contract, response: { 200: blogTerms } } },
  });
  app.get('/api/config/blogs/:blogId/terms', termsRoute({}), async (request) =>
    store.listTerms(ownerOf(request).websiteId, parseInput(blogParams, request.params, 'address').blogId),
  );

  app.post<{ Params: Params }>(
    '/api/config/blogs/:blogId/terms',
    termsRoute({ body: termAddBody }),
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const { blogId } = request.params;
      const input = parseInput(termAddBody, request.body);
      const existing = await store.termNames(siteId, blogId, input.kind);
      const value = checkedOrThrow(input.kind, input.name, existing);
      await store.addTerm(siteId, blogId, input.kind, value);
      invalidate(siteId);
      return store.listTerms(siteId, blogId);
    },
  );

  app.patch<{ Params: Params }>(
    '/api/config/blogs/:blogId/terms',
    termsRoute({ body: termRenameBody }),
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const { blogId } = request.params;
      const input = parseInput(termRenameBody, request.body);
      const existing = await store.termNames(siteId, blogId, input.kind);
      const from = existingName(input.kind, input.name, existing);
      const to = checkedOrThrow(input.kind, input.newName, existing, from);
      if (to !== from) await store.renameTerm(siteId, blogId, input.kind, from, to);
      invalidate(siteId);
      return store.listTerms(siteId, blogId);
    },
  );

  app.delete<{ Params: Params }>(
    '/api/config/blogs/:blogId/terms',
    termsRoute({ query: termDeleteQuery }),
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const { blogId } = request.params;
      const input = parseInput(termDeleteQuery, request.query ?? {}, 'query');
      const existing = await store.termNames(siteId, blogId, input.kind);
      await store.deleteTerm(siteId, blogId, input.kind, existingName(input.kind, input.name, existing));
      invalidate(siteId);
      return store.listTerms(siteId, blogId);
    },
  );

  /** A checked name, or the error: 409 when it is taken, 400 when empty or too long. */
  function checkedOrThrow(termKind: TermKind, raw: string, existing: string[], renaming?: string): string {
    const check = checkTermName(termKind, raw, existing, { renaming });
    if (check.ok) return check.value;
    const error = new AppError('invalid-body', check.error, { field: 'name' });
    throw check.error === TERM_MESSAGES.exists(termKind) ? withStatus(error, 409) : error;
  }
}
