import { PageType, RESTOCK_MESSAGES, restockEmailError } from '@tessera/core';
import {
  accountSignUpBody,
  cursorQuery,
  restockSignUpBody,
  sendAllAnswer,
  sendAllBody,
  sendBody,
  sendOutcome,
  signUpAnswer,
  signUpGroupPage,
  signUpListQuery,
  signUpPage,
} from '@tessera/core/contracts/restock';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOwner, loadOwner, rolesAllow } from '../auth/index.js';
import type { ContentService, Site } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { createCaptcha, resolveFormsConfig } from '../forms/index.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import {
  hasXsrfToken,
  requireSiteUser,
  isEmailVerified,
  UNVERIFIED_MESSAGE,
  loadSiteUser,
} from '../site-users/index.js';
import { withStatus } from '../settings/index.js';
import { siteBaseUrl } from '../../platform/http/public-url.js';
import { createRestockSender, type RestockSenderOptions } from './restock-sender.js';
import { createRestockStore, type RestockHooks } from './restock-store.js';
import { createUnsubscribeTokens } from './unsubscribe-token.js';

export interface RestockPluginOptions {
  content: ContentService;
  sender?: RestockSenderOptions;
  /** Ports app.ts hands in (issue 21): the webhook and mailing-service outboxes. */
  hooks?: RestockHooks;
}

/** The storefront's sign-up call (SPEC §7 leaves its path to us). */
export const RESTOCK_SIGNUP_PATH = '/api/commerce/restock-notifications';
const ACCOUNT_PATH = '/api/site-users/account/notifications/restock';
const RECOVERY_INTERVAL_MS = 5 * 60_000;

const unsubscribeForm = z.object({ token: z.string().max(1200), mailingList: z.string().optional() });

/** A site asks for a captcha on the restock form when it has a captcha site key (SPEC §5). */
function captchaRequired(site: Site): boolean {
  const settings = site.websiteSettings as Record<string, unknown>;
  const captcha = settings.captchaSettings as { siteKey?: unknown } | undefined;
  return Boolean(captcha?.siteKey) || site.storeSettings.restockCaptcha === true;
}

/**
 * Restock notifications (SPEC §3 "Restock", §7 "Restock and site users"): the storefront sign-up,
 * a site user's own sign-ups, the store's lists and sends (store role), and the unsubscribe page
 * (page type 300) that every notification links to.
 */
export default async function restockPlugin(app: FastifyInstance, options: RestockPluginOptions): Promise<void> {
  const { content } = options;
  const db = app.db;
  const store = createRestockStore(db, options.hooks);
  const tokens = createUnsubscribeTokens(db);
  const mail = createMailService(db, app.config);
  const sender = createRestockSender(db, mail, tokens, options.sender);
  const captcha = createCaptcha(
    db,
    (() => {
      const forms = resolveFormsConfig(app.config);
      return { hmacKey: forms.captchaHmacKey, maxNumber: forms.captchaMaxNumber, ttlMs: forms.captchaTtlMs };
    })(),
  );
  const pages = app.services.pages;
  const siteOf = (request: FastifyRequest) => content.getSiteForHost(request.hostname);

  // Rows a stopped process left in `sending` are settled at start, before every send, and every few
  // minutes (the `restock-recovery` job, once across nodes), so a crash is repaired even when nobody sends again.
  const recover = () =>
    sender.recoverStale().catch((error: unknown) => app.log.warn({ err: error }, 'restock recovery failed'));
  app.addHook('onReady', async () => {
    await recover();
  });
  app.services.jobs?.add({ name: 'restock-recovery', everyMs: RECOVERY_INTERVAL_MS, run: () => sender.recoverStale() });

  async function signUp(siteId: string, input: { productId: string; variantId: string; email: string; join: boolean }) {
    const result = await store.signUp(siteId, {
      productId: input.productId,
      variantId: input.variantId,
      email: input.email,
      joinMailingList: input.join,
    });
    if (!result.ok) {
      throw result.error === 'item-not-found'
        ? new AppError('item-not-found')
        : new AppError(
            'variant-not-found',
            'That option of the product could not be found. Please reload the page.',
            undefined,
          );
    }
    return result;
  }

  // Each sign-up is a stored row and may be a mail later: a quarter of the cart-write budget per address.
  const signUpLimit = limitPerAddress(app, {
    name: 'restock-signup',
    max: Math.max(10, Math.floor(app.config.rateLimit.max / 4)),
    timeWindowMs: app.config.rateLimit.timeWindowMs,
  });

  // A new sign-up answers 201, one the address already had 200.
  const signedUp = { 201: signUpAnswer, 200: signUpAnswer };
  async function answerSignUp(
    reply: FastifyReply,
    siteId: string,
    body: { productId: string; variantId: string; isJoinMailingList: boolean },
    email: string,
  ) {
    const { productId, variantId, isJoinMailingList: join } = body;
    const result = await signUp(siteId, { productId, variantId, email, join });
    return reply.code(result.created ? 201 : 200).send({ signUp: result.signUp, created: result.created });
  }
  app.post(
    RESTOCK_SIGNUP_PATH,
    { onRequest: signUpLimit, config: { contract: { body: restockSignUpBody, response: signedUp } } },
    async (request, reply) => {
      const body = parseInput(restockSignUpBody, request.body);
      const emailError = restockEmailError(body.siteVisitorEmail);
      if (emailError) throw new AppError('invalid-email', emailError);
      const site = await siteOf(request);
      if (captchaRequired(site)) {
        if (!body.captchaToken) throw new AppError('captcha-required', RESTOCK_MESSAGES.captchaRequired);
        const check = await captcha.verify(body.captchaToken);
        if (!check.ok || !(await captcha.spend(db, check.signature, check.expiresAt))) {
          throw new AppError('captcha-failed', 'The CAPTCHA could not be verified. Please try again.');
        }
      }
      return answerSignUp(reply, site.id, body, body.siteVisitorEmail);
    },
  );

  app.post(
    ACCOUNT_PATH,
    { preHandler: requireSiteUser, config: { contract: { body: accountSignUpBody, response: signedUp } } },
    async (request, reply) => {
      const body = parseInput(accountSignUpBody, request.body);
      const user = request.siteUser!;
      return answerSignUp(reply, user.websiteId, body, user.email);
    },
  );

  app.get(
    `${ACCOUNT_PATH}/groups`,
    {
      preHandler: requireOwner('store'),
      config: { contract: { query: cursorQuery, response: { 200: signUpGroupPage } } },
    },
    async (request) => {
      const query = parseInput(cursorQuery, request.query, 'query');
      const site = await siteOf(request);
      const page = await store.groups(site.id, query);
      return { signUpGroups: page.rows, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  // Owners with a store role see every sign-up; a signed-in site user sees their own.
  const listRoute = { config: { contract: { query: signUpListQuery, response: { 200: signUpPage } } } };
  app.get(ACCOUNT_PATH, listRoute, async (request) => {
    const query = parseInput(signUpListQuery, request.query, 'query');
    const site = await siteOf(request);
    const owner = await loadOwner(request);
    let email: string | undefined;
    if (!owner || !rolesAllow(owner.roles, 'store')) {
      const user = await loadSiteUser(request);
      if (!user) throw new AppError(owner ? 'forbidden' : 'unauthenticated');
      // A site-user call like every other: the session's X-XSRF-Token too.
      if (!hasXsrfToken(request)) throw new AppError('xsrf-fail');
      // Sign-ups are matched by address: only a proven address sees them (finding 15).
      if (!(await isEmailVerified(db, user.id))) {
        throw withStatus(new AppError('email-unverified', UNVERIFIED_MESSAGE), 403);
      }
      email = user.email;
    }
    const page = await store.list(site.id, { ...query, email });
    return { signUps: page.rows, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  });

  app.post(
    `${ACCOUNT_PATH}/send`,
    { preHandler: requireOwner('store'), config: { contract: { body: sendBody, response: { 200: sendOutcome } } } },
    async (request) => {
      const body = parseInput(sendBody, request.body);
      const site = await siteOf(request);
      await sender.recoverStale();
      const outcome = await sender.sendVariant({ siteId: site.id, ...body, origin: siteBaseUrl(app, site) });
      return { ...body, ...outcome };
    },
  );

  app.post(
    `${ACCOUNT_PATH}/send/all`,
    {
      preHandler: requireOwner('store'),
      config: { contract: { body: sendAllBody, response: { 200: sendAllAnswer } } },
    },
    async (request) => {
      const body = parseInput(sendAllBody, request.body ?? {});
      const site = await siteOf(request);
      await sender.recoverStale();
      const requests = body.sendRequests?.length ? body.sendRequests : await store.pendingVariants(site.id);
      const results = [];
      for (const target of requests) {
        const outcome = await sender.sendVariant({ siteId: site.id, ...target, origin: siteBaseUrl(app, site) });
        results.push({ ...target, ...outcome });
      }
      return {
        results,
        sent: results.reduce((n, r) => n + r.sent, 0),
        failed: results.reduce((n, r) => n + r.failed, 0),
      };
    },
  );

  // SPEC §2 page type 300: the link in every notification (List-Unsubscribe too).
  async function unsubscribePage(request: FastifyRequest, reply: FastifyReply, view: Record<string, unknown>) {
    const scope = { pageType: PageType.NEWSLETTER_UNSUBSCRIBE, path: '/unsubscribe', title: 'Unsubscribe' };
    return pages.send(request, reply, 'unsubscribe', scope, { unsubscribe: view }, view.invalid ? 400 : 200);
  }

  async function describe(siteId: string, token: unknown) {
    const claim = await tokens.verify(siteId, token);
    if (!claim) return undefined;
    const row = await db
      .selectFrom('restock_signups')
      .leftJoin('items', 'items.id', 'restock_signups.product_id')
      .select(['restock_signups.id', 'restock_signups.join_mailing_list', 'items.title'])
      .where('restock_signups.id', '=', claim.signUpId)
      .where('restock_signups.site_id', '=', siteId)
      .executeTakeFirst();
    const onList = await db
      .selectFrom('mailing_list_subscribers')
      .innerJoin('mailing_lists', 'mailing_lists.id', 'mailing_list_subscribers.list_id')
      .select('mailing_list_subscribers.id')
      .where('mailing_lists.site_id', '=', siteId)
      .where('mailing_list_subscribers.email', '=', claim.email)
      .execute();
    return { claim, row, productTitle: row?.title ?? 'this product', listRows: onList.map((r) => r.id) };
  }

  app.get('/unsubscribe', async (request, reply) => {
    const site = await siteOf(request);
    const found = await describe(site.id, (request.query as Record<string, unknown>).token);
    if (!found) return unsubscribePage(request, reply, { invalid: true });
    return unsubscribePage(request, reply, {
      confirm: true,
      token: (request.query as Record<string, string>).token,
      email: found.claim.email,
      productTitle: found.productTitle,
      onMailingList: found.listRows.length > 0,
    });
  });

  app.post('/unsubscribe', async (request, reply) => {
    const site = await siteOf(request);
    const form = unsubscribeForm.safeParse(request.body);
    const found = form.success ? await describe(site.id, form.data.token) : undefined;
    if (!form.success || !found) return unsubscribePage(request, reply, { invalid: true });
    await db
      .deleteFrom('restock_signups')
      .where('id', '=', found.claim.signUpId)
      .where('site_id', '=', site.id)
      .execute();
    const removeFromList = form.data.mailingList === 'remove' && found.listRows.length > 0;
    if (removeFromList) await db.deleteFrom('mailing_list_subscribers').where('id', 'in', found.listRows).execute();
    return unsubscribePage(request, reply, {
      done: true,
      email: found.claim.email,
      productTitle: found.productTitle,
      mailingListRemoved: removeFromList,
    });
  });
}
