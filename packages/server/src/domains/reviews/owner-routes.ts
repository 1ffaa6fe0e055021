import {
  ownerReviewList,
  ownerReviewListQuery,
  reviewDeletedAnswer,
  reviewParams,
  reviewReplyAnswer,
  reviewReplyBody,
  reviewRequestsAnswer,
  reviewSettings,
  reviewSettingsBody,
  reviewStatusAnswer,
  reviewStatusBody,
} from '@tessera/core/contracts/reviews';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { fail, TesseraError } from '../../platform/errors/index.js';
import { removePhotos } from './photos.js';
import { deleteReview, ownerReviews, updateReview } from './repository.js';
import { plainReviewText, type ReviewService } from './service.js';
import type { ReviewSettingsStore } from './settings.js';

// The owner's side (the editor's Reviews panel): the list, approve / hide, answer, and settings.

function siteOf(request: FastifyRequest): string {
  const owner = request.owner;
  if (!owner) throw new TesseraError('unauthenticated');
  return owner.websiteId;
}

export function registerReviewOwnerRoutes(
  app: FastifyInstance,
  service: ReviewService,
  settingsStore: ReviewSettingsStore,
): void {
  const guard = { preHandler: requireOwner('store') };
  const db = app.db;

  app.get(
    '/api/config/reviews',
    {
      ...guard,
      config: {
        contract: {
          summary: 'Reviews awaiting or past moderation',
          query: ownerReviewListQuery,
          response: { 200: ownerReviewList },
        },
      },
    },
    async (request, reply) => {
      const { status, limit } = parseInput(ownerReviewListQuery, request.query ?? {}, 'query');
      const reviews = await ownerReviews(db, siteOf(request), status, limit);
      return reply.header('cache-control', 'no-store').send({ reviews });
    },
  );

  const statusContract = {
    summary: 'Publish or hide a review',
    params: reviewParams,
    body: reviewStatusBody,
    response: { 200: reviewStatusAnswer },
    errors: ['review-not-found'],
  } as const;
  app.put(
    '/api/config/reviews/:reviewId/status',
    { ...guard, config: { contract: statusContract } },
    async (request) => {
      const { reviewId } = parseInput(reviewParams, request.params, 'address');
      const { status } = parseInput(reviewStatusBody, request.body);
      const updated = await updateReview(db, siteOf(request), reviewId, { status, now: new Date().toISOString() });
      if (!updated) fail('review-not-found');
      return { id: reviewId, status };
    },
  );

  const replyContract = {
    summary: 'Reply to a review as the site',
    params: reviewParams,
    body: reviewReplyBody,
    response: { 200: reviewReplyAnswer },
    errors: ['review-not-found'],
  } as const;
  app.put('/api/config/reviews/:reviewId/reply', { ...guard, config: { contract: replyContract } }, async (request) => {
    const { reviewId } = parseInput(reviewParams, request.params, 'address');
    const text = plainReviewText(parseInput(reviewReplyBody, request.body).reply);
    const now = new Date().toISOString();
    const updated = await updateReview(db, siteOf(request), reviewId, {
      reply: text || null,
      repliedAt: text ? now : null,
      now,
    });
    if (!updated) fail('review-not-found');
    return { id: reviewId, reply: text || null };
  });

  // Deleting a review removes its photos from the file storage too.
  const deleteContract = {
    summary: 'Delete a review and its photos',
    params: reviewParams,
    response: { 200: reviewDeletedAnswer },
    errors: ['review-not-found'],
  } as const;
  app.delete('/api/config/reviews/:reviewId', { ...guard, config: { contract: deleteContract } }, async (request) => {
    const { reviewId } = parseInput(reviewParams, request.params, 'address');
    const photos = await deleteReview(db, siteOf(request), reviewId);
    if (!photos) fail('review-not-found');
    await removePhotos(await app.siteFiles(siteOf(request)), photos);
    return { id: reviewId, deleted: true };
  });

  // "Send due requests now": what the `review-requests` job does every 15 minutes, for this site.
  app.post(
    '/api/config/reviews/requests',
    { ...guard, config: { contract: { summary: 'Send the due review requests now', response: reviewRequestsAnswer } } },
    async (request) => {
      const sent = await service.sendDueRequests(new Date(), siteOf(request));
      return { sent };
    },
  );

  app.get(
    '/api/config/reviews/settings',
    { ...guard, config: { contract: { summary: 'The review settings', response: reviewSettings } } },
    async (request, reply) => {
      return reply.header('cache-control', 'no-store').send(await settingsStore.read(siteOf(request)));
    },
  );

  app.put(
    '/api/config/reviews/settings',
    {
      ...guard,
      config: {
        contract: { summary: 'Change the review settings', body: reviewSettingsBody, response: reviewSettings },
      },
    },
    async (request) => {
      const change = parseInput(reviewSettingsBody, request.body);
      const siteId = siteOf(request);
      const saved = await settingsStore.save(siteId, change);
      app.services.content.invalidate(siteId);
      return saved;
    },
  );
}
