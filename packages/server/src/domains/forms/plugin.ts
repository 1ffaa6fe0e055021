import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { type ContentService, SiteNotFoundError } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { createBlockForms } from './block-forms.js';
import { createCaptcha } from './captcha.js';
import { registerContactPage } from './contact-page.js';
import { FormError } from './errors.js';
import { resolveFormsConfig } from './forms-config.js';
import { registerOwnerFormRoutes } from './owner-routes.js';
import {
  additionalFieldsFormAnswer,
  additionalFieldsQuery,
  captchaChallenge,
  formIdParams,
  formValuesBody,
  formValuesValidAnswer,
  submissionAnswer,
  submissionBody,
  submissionKeyAnswer,
} from '@tessera/core/contracts/forms';
import { createFormStore } from './form-store.js';
import {
  createRedisSubmissionLimiter,
  createSubmissionLimiter,
  type SubmissionLimiter,
  type SubmissionLimits,
} from './submission-limiter.js';
import {
  checkValues,
  createSubmissionService,
  HONEYPOT_FIELD,
  type SubmissionServiceOptions,
} from './submission-service.js';

/** The self-hosted captcha other domains verify (reviews), with the same key as `/api/form/captcha-challenge`. */

const PURGE_INTERVAL_MS = 10 * 60_000;
const KEYS_PER_SUBMISSION = 10;

export interface FormsPluginOptions {
  content: ContentService;
  /** See `SubmissionServiceOptions.afterAccepted` (app.ts hands in the webhook outbox). */
  afterAccepted?: SubmissionServiceOptions['afterAccepted'];
  /** See `SubmissionServiceOptions.afterSubscribed` (app.ts hands in the webhook and mailing-service outboxes). */
  afterSubscribed?: SubmissionServiceOptions['afterSubscribed'];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Counters in Redis when `REDIS_URL` is set (shared by every process), else in memory. */
async function submissionLimiter(app: FastifyInstance, limits: SubmissionLimits): Promise<SubmissionLimiter> {
  const url = app.config.redisUrl;
  if (!url) return createSubmissionLimiter(limits);
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  const prefix = `${app.config.rateLimit.namespace ?? 'tessera-rl:'}forms:`;
  return createRedisSubmissionLimiter(redis, limits, prefix);
}

/** Unexpected failures of a form route answer SPEC §8's 500 message instead of the generic one. */
async function guarded<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError || error instanceof SiteNotFoundError) throw error;
    request.log.error({ err: error }, 'form route failed');
    throw new FormError('form-server-error');
  }
}

/**
 * SPEC §7 "Forms": server-side validation, one-time submission keys, storing submissions, plus
 * the captcha challenge the browser solves. Every route answers `{ error, message }` on failure
 * (and `errors` by field id for invalid values).
 */
export default async function formsPlugin(app: FastifyInstance, options: FormsPluginOptions): Promise<void> {
  const settings = resolveFormsConfig(app.config);
  const store = createFormStore(app.db);
  const captcha = createCaptcha(app.db, {
    hmacKey: settings.captchaHmacKey,
    maxNumber: settings.captchaMaxNumber,
    ttlMs: settings.captchaTtlMs,
  });
  const blockForms = createBlockForms(app.db, store);
  const submissions = createSubmissionService(app.db, store, captcha, {
    minFillMs: settings.minFillMs,
    resolveForm: blockForms.resolve,
    afterAccepted: options.afterAccepted,
    afterSubscribed: options.afterSubscribed,
  });
  const limiter = await submissionLimiter(app, settings.limits);
  // Keys cost a row each: an address may take ten per submission it is allowed, the site ten times its form limit.
  const keyLimiter = await submissionLimiter(app, {
    perIp: settings.limits.perIp * KEYS_PER_SUBMISSION,
    perForm: settings.limits.perForm * KEYS_PER_SUBMISSION,
    timeWindowMs: settings.limits.timeWindowMs,
  });
  // Expired keys and spent captchas are useless after their expiry: swept now and then by the
  // `form-keys` job (once across nodes); the jobs plugin registers after this one, hence onReady.
  app.addHook('onReady', async () => {
    app.services.jobs?.add({ name: 'form-keys', everyMs: PURGE_INTERVAL_MS, run: () => submissions.purgeExpired() });
  });
  const siteIdOf = async (request: FastifyRequest) => (await options.content.getSiteForHost(request.hostname)).id;

  registerContactPage(app, {
    content: options.content,
    carts: app.services.carts,
    store,
    siteTheme: app.services.siteTheme,
    fontKits: app.services.fontKits,
  });
  registerOwnerFormRoutes(app, store, blockForms);

  const validateContract = {
    summary: "Check a form's values without submitting them",
    errors: ['form-not-found', 'form-unparsable', 'invalid-fields'],
    params: formIdParams,
    body: formValuesBody,
    response: { 200: formValuesValidAnswer },
  } as const;
  app.post<{ Params: { formId: string } }>(
    '/api/rest/forms/validate/:formId',
    { config: { contract: validateContract } },
    (request) =>
      guarded(request, async () => {
        const address = formIdParams.safeParse(request.params);
        if (!address.success) throw new FormError('form-not-found');
        const form = await submissions.requireForm(await siteIdOf(request), address.data.formId);
        const values = formValuesBody.safeParse(request.body);
        if (!values.success) throw new FormError('form-unparsable');
        checkValues(form.definition, values.data);
        return { valid: true, errors: {} };
      }),
  );

  const additionalFieldsContract = {
    summary: "A product's additional-fields form",
    query: additionalFieldsQuery,
    errors: ['form-not-found'],
    response: { 200: additionalFieldsFormAnswer },
  } as const;
  app.get('/api/rest/forms/additional-fields', { config: { contract: additionalFieldsContract } }, async (request) => {
    const query = additionalFieldsQuery.safeParse(request.query);
    if (!query.success) throw new FormError('form-not-found');
    const form = await store.additionalFieldsFormOfItem(await siteIdOf(request), query.data.itemId);
    if (!form) throw new FormError('form-not-found');
    return { form: { id: form.id, name: form.name, submitButtonText: form.submitButtonText, fields: form.fields } };
  });

  app.post(
    '/api/form/FormSubmissionKey',
    {
      config: {
        contract: {
          summary: 'A one-time key for one form submission',
          errors: ['form-rate-limited'],
          response: { 200: submissionKeyAnswer },
        },
      },
    },
    (request, reply) =>
      guarded(request, async () => {
        const siteId = await siteIdOf(request);
        const decision = await keyLimiter.take(request.ip, `keys:${siteId}`);
        if (!decision.ok) {
          reply.header('retry-after', String(decision.retryAfterSeconds));
          throw new FormError('form-rate-limited');
        }
        return { key: await submissions.issueKey(siteId) };
      }),
  );

  app.get(
    '/api/form/captcha-challenge',
    {
      config: {
        contract: { summary: 'A proof-of-work challenge for the form captcha', response: { 200: captchaChallenge } },
      },
    },
    async (_request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  const submitContract = {
    summary: 'Submit a form (values, one-time key, captcha when asked)',
    body: submissionBody,
    errors: [
      'form-unparsable',
      'form-not-found',
      'form-rate-limited',
      'missing-submission-key',
      'invalid-submission-key',
      'submission-key-used',
      'captcha-required',
      'captcha-invalid',
      'captcha-replayed',
      'invalid-fields',
    ],
    response: { 200: submissionAnswer },
  } as const;
  app.post('/api/form/SaveFormSubmission', { config: { contract: submitContract } }, (request, reply) =>
    guarded(request, async () => {
      const body = request.body;
      if (!isObject(body)) throw new FormError('form-unparsable');
      const named = submissionBody.safeParse(body);
      if (!named.success) throw new FormError('form-not-found');
      const {
        key,
        form: values,
        captchaKey,
        formId: _formId,
        crumb: _crumb,
        [HONEYPOT_FIELD]: honeypot,
        ...pageContext
      } = body;
      const siteId = await siteIdOf(request);
      const form = await submissions.requireForm(siteId, named.data.formId);
      const decision = await limiter.take(request.ip, form.id);
      if (!decision.ok) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        throw new FormError('form-rate-limited');
      }
      const saved = await submissions.submit(siteId, form, { key, form: values, captchaKey, honeypot, pageContext });
      return { success: true, submissionId: saved.id };
    }),
  );
}
