import { mailingListSubscribers, mailingListsAnswer } from '@tessera/core/contracts/mailing-lists';
import {
  formList,
  formParams,
  ownerFormAnswer,
  submissionPage,
  submissionPageQuery,
  submissionsCsv,
} from '@tessera/core/contracts/owner-forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import type { RouteContract } from '../../platform/http/openapi.js';
import { parseInput } from '../../platform/http/validate.js';
import { csvHeader, csvSubmission } from './csv.js';
import { FormError } from './errors.js';
import type { BlockForms } from './block-forms.js';
import type { FormStore } from './form-store.js';

const listParams = z.object({ listId: z.string().min(1).max(64) });

function siteOf(request: FastifyRequest): string {
  const owner = request.owner;
  if (!owner) throw new AppError('unauthenticated');
  return owner.websiteId;
}

/**
 * Owner API for forms (`requireOwner('forms')`): forms, their submissions (paged, CSV) and mailing
 * lists. Inline form blocks on published pages are stored when the forms are listed or one is opened.
 */
export function registerOwnerFormRoutes(app: FastifyInstance, store: FormStore, blockForms: BlockForms): void {
  const guard = { preHandler: requireOwner('forms') };
  // The routes of one form read its id through `formOf`'s `formParams`.
  const formRoute = (contract: RouteContract) => ({
    ...guard,
    config: { contract: { params: formParams, ...contract } },
  });

  const formOf = async (request: FastifyRequest) => {
    const { formId } = parseInput(formParams, request.params, 'address');
    const siteId = siteOf(request);
    const form = (await store.getForm(siteId, formId)) ?? (await blockForms.resolve(siteId, formId));
    if (!form) throw new FormError('form-not-found');
    return form;
  };

  app.get('/api/config/forms', { ...guard, config: { contract: { response: { 200: formList } } } }, async (request) => {
    await blockForms.registerAll(siteOf(request));
    const forms = await store.listForms(siteOf(request));
    return {
      forms: forms.map((form) => ({
        id: form.id,
        name: form.definition.name,
        kind: form.definition.kind,
        fieldCount: form.definition.fields.length,
        submissionCount: form.submissionCount,
        mailingListId: form.mailingListId,
        createdAt: form.createdAt,
        updatedAt: form.updatedAt,
      })),
    };
  });

  app.get(
    '/api/config/forms/mailing-lists',
    { ...guard, config: { contract: { response: { 200: mailingListsAnswer } } } },
    async (request) => ({
      mailingLists: await store.listMailingLists(siteOf(request)),
    }),
  );

  app.get(
    '/api/config/forms/mailing-lists/:listId/subscribers',
    { ...guard, config: { contract: { params: listParams, response: { 200: mailingListSubscribers } } } },
    async (request) => {
      const { listId } = parseInput(listParams, request.params, 'address');
      const lists = await store.listMailingLists(siteOf(request));
      if (!lists.some((list) => list.id === listId))
        throw new AppError('not-found', 'That mailing list does not exist.');
      return { subscribers: await store.listSubscribers(listId) };
    },
  );

  app.get('/api/config/forms/:formId', formRoute({ response: { 200: ownerFormAnswer } }), async (request) => {
    const form = await formOf(request);
    return { form: form.definition, mailingListId: form.mailingListId };
  });

  app.get(
    '/api/config/forms/:formId/submissions',
    formRoute({ query: submissionPageQuery, response: { 200: submissionPage } }),
    async (request) => {
      const form = await formOf(request);
      const { page, pageSize } = parseInput(submissionPageQuery, request.query ?? {}, 'query');
      const { total, submissions } = await store.listSubmissions(form.id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { submissions, total, page, pageSize, hasNextPage: page * pageSize < total };
    },
  );

  app.get(
    '/api/config/forms/:formId/submissions.csv',
    formRoute({ answerType: 'text/csv', response: { 200: submissionsCsv } }),
    async (request, reply) => {
      const form = await formOf(request);
      let body = `\uFEFF${csvHeader(form.definition)}`;
      for await (const submission of store.eachSubmission(form.id)) body += csvSubmission(form.definition, submission);
      const filename = `${form.id.replace(/[^A-Za-z0-9_-]+/g, '-')}-submissions.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
