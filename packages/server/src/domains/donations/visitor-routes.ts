import {
  checkDonationAmount,
  DONATION_MESSAGES,
  type DonationInterval,
  donationBlockView,
  donationIntervalLabel,
  donationRules,
  formatMoney,
  isValidEmail,
  PageType,
  parseDonationAmount,
} from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CheckoutPages } from '../checkout/index.js';
import { countPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import type { DonationRow } from '../../platform/db/schema.js';
import { donationOfToken } from './donation-payments.js';
import { placeDonation } from './place.js';
import { findDonationBlock } from './repository.js';
import { cancelBody, cancelQuery, type DonateBody, donateBody, donatePageQuery, orderParams } from './schemas.js';
import type { DonationService } from './service.js';

// The donor's side: the donate endpoint (a plain form post or JSON), the donate page (203), the
// contribution-confirmed page (204), and the cancel link of every receipt (a page that asks, then
// a post that cancels: mail scanners that open links cancel nothing).

type SiteScope = NonNullable<Awaited<ReturnType<CheckoutPages['site']>>>;

class DonateRefusal {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly message: string,
  ) {}
}

const isFormPost = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** The amount the donor chose: the custom field when filled, else the suggested one. */
function chosenAmount(body: DonateBody, currency: string): number {
  const custom = body.customAmount?.trim();
  if (custom) {
    const cents = parseDonationAmount(custom, currency);
    if (cents === undefined) throw new DonateRefusal(400, 'donation-amount', DONATION_MESSAGES.notWhole);
    return cents;
  }
  if (body.amountCents === undefined)
    throw new DonateRefusal(400, 'donation-amount', 'Please choose or enter an amount.');
  return body.amountCents;
}

export function registerDonationVisitorRoutes(app: FastifyInstance, pages: CheckoutPages, service: DonationService) {
  /** The cancel page's view of a gift (the link's page, and again after a failed try). */
  function cancelView(donation: DonationRow, token: string, crumb: string | undefined, locale: string) {
    return {
      token,
      amount: formatMoney(donation.amount_cents, donation.currency, locale),
      kind: donationIntervalLabel(donation.interval as DonationInterval),
      canCancel: donation.interval !== 'once' && ['active', 'lapsed', 'pending'].includes(donation.status),
      cancelled: donation.status === 'cancelled',
      crumb,
    };
  }

  const limit = countPerAddress(app, { name: 'donate', max: 30, timeWindowMs: 60_000 });
  const cancelLimit = countPerAddress(app, { name: 'donation-cancel', max: 30, timeWindowMs: 60_000 });

  async function siteOf(request: FastifyRequest, reply: FastifyReply): Promise<SiteScope | undefined> {
    const site = await pages.site(request);
    if (!site) reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
    return site;
  }

  async function donate(site: SiteScope, body: DonateBody) {
    const content = await findDonationBlock(app.db, site.id, body.block);
    if (!content)
      throw new DonateRefusal(
        404,
        'donation-block-not-found',
        'This donation form is no longer on the site. Please reload the page.',
      );
    const rules = donationRules(content);
    if (!rules.intervals.includes(body.interval)) {
      throw new DonateRefusal(400, 'donation-interval-off', DONATION_MESSAGES.intervalOff);
    }
    const amountCents = chosenAmount(body, site.currency);
    const checked = checkDonationAmount(amountCents, rules, site.currency, site.locale);
    if (!checked.ok) throw new DonateRefusal(400, 'donation-amount', checked.message);
    if (!isValidEmail(body.email))
      throw new DonateRefusal(400, 'invalid-email', 'Please enter a valid email address for your receipt.');
    const offered = (await app.services.hostedPayments?.offered(site.id)) ?? [];
    const provider = (body.provider ? offered.find((p) => p.id === body.provider) : offered[0])?.id;
    if (!provider) {
      throw new DonateRefusal(
        409,
        'donations-unavailable',
        'Donations cannot be taken right now. Please try again later.',
      );
    }
    if (!(await service.takes(site.id, provider, body.interval))) {
      throw new DonateRefusal(400, 'donation-interval-off', 'Monthly and yearly gifts cannot be paid this way here.');
    }
    const placed = await placeDonation(app.db, service.nextOrderNumber, {
      siteId: site.id,
      blockId: body.block,
      provider,
      amountCents,
      currency: site.currency,
      interval: body.interval,
      email: body.email,
      name: body.name,
      nameDisplay: body.anonymous ? 'anonymous' : 'name',
      note: body.note?.trim() || null,
    });
    const started = await service.start(site.id, { ...placed, interval: body.interval });
    if (!started.ok) throw new DonateRefusal(409, 'donations-unavailable', started.message);
    return { ...placed, redirect: started.redirect };
  }

  app.post('/donate', async (request, reply) => {
    const form = isFormPost(request);
    const blockHint = (request.body as { block?: unknown } | undefined)?.block;
    const back = (message: string) =>
      `/donate?${new URLSearchParams({ ...(typeof blockHint === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(blockHint) ? { block: blockHint } : {}), error: message })}`;
    const allowed = await limit(request);
    if (!allowed.isAllowed && allowed.isExceeded) {
      reply.header('retry-after', String(Math.max(1, allowed.ttlInSeconds)));
      const message = 'Too many donation attempts. Please wait a minute and try again.';
      if (form) return reply.redirect(back(message), 303);
      return reply.code(429).send({ error: 'rate-limited', message });
    }
    const site = await siteOf(request, reply);
    if (!site) return reply;
    try {
      const body = form
        ? (() => {
            const parsed = donateBody.safeParse(request.body ?? {});
            if (!parsed.success)
              throw new DonateRefusal(400, 'invalid-body', parsed.error.issues[0]?.message ?? 'Please check the form.');
            return parsed.data;
          })()
        : parseInput(donateBody, request.body, 'request body');
      const placed = await donate(site, body);
      if (form) {
        // The page's CSP (`form-action 'self'`) stops a form post from being redirected to the
        // provider: the answer is a page that moves on by itself (Refresh) and links there.
        reply.header('refresh', `0;url=${placed.redirect}`);
        const scope = { pageType: PageType.DONATE, path: '/donate', title: 'Continue to payment' };
        return pages.send(request, reply, site, 'donate', scope, { donate: { payUrl: placed.redirect } });
      }
      return reply.code(201).header('cache-control', 'no-store').send(placed);
    } catch (error) {
      if (!(error instanceof DonateRefusal)) throw error;
      if (form) return reply.header('cache-control', 'no-store').redirect(back(error.message), 303);
      return reply
        .code(error.status)
        .header('cache-control', 'no-store')
        .send({ error: error.code, message: error.message });
    }
  });

  app.get('/donate', async (request, reply) => {
    const { block, error } = parseInput(donatePageQuery, request.query ?? {}, 'query');
    const site = await siteOf(request, reply);
    if (!site) return reply;
    const content = block ? await findDonationBlock(app.db, site.id, block) : undefined;
    const view =
      content && block ? donationBlockView({ id: block, content }, 'page', site.currency, site.locale) : undefined;
    const scope = { pageType: PageType.DONATE, path: '/donate', title: String(view?.title ?? 'Donate') };
    return pages.send(request, reply, site, 'donate', scope, {
      donate: { form: view ? { ...view, crumb: request.crumb } : undefined, error },
    });
  });

  app.get('/donate/thanks/:orderId', async (request, reply) => {
    const { orderId } = parseInput(orderParams, request.params, 'address');
    const site = await siteOf(request, reply);
    if (!site) return reply;
    const donation = await service.syncFirstPayment(site.id, orderId);
    if (!donation) {
      const scope = { pageType: PageType.NOT_FOUND, path: request.url, title: 'Page not found' };
      return pages.send(request, reply, site, 'not-found', scope, {}, 404);
    }
    const interval = donation.interval as DonationInterval;
    const view = {
      amount: formatMoney(donation.amount_cents, donation.currency, site.locale),
      kind: donationIntervalLabel(interval),
      recurring: interval !== 'once',
      email: donation.donor_email,
      paid: donation.status !== 'pending' && donation.status !== 'expired',
      expired: donation.status === 'expired',
      date: new Intl.DateTimeFormat(site.locale, { dateStyle: 'long', timeZone: site.timeZone }).format(
        new Date(donation.created_at),
      ),
    };
    const scope = { pageType: PageType.CONTRIBUTION_CONFIRMED, path: '/donate/thanks', title: 'Thank you' };
    return pages.send(request, reply, site, 'donation-confirmed', scope, { donation: view });
  });

  app.get('/donate/cancel', async (request, reply) => {
    const { token } = parseInput(cancelQuery, request.query ?? {}, 'query');
    const site = await siteOf(request, reply);
    if (!site) return reply;
    const donation = await donationOfToken(app.db, site.id, token);
    const view = donation ? cancelView(donation, token, request.crumb, site.locale) : { invalid: true };
    const scope = { pageType: PageType.DONATE, path: '/donate/cancel', title: 'Cancel your donation' };
    return pages.send(request, reply, site, 'donation-cancel', scope, { cancel: view }, donation ? 200 : 404);
  });

  app.post('/donate/cancel', async (request, reply) => {
    const { token } = parseInput(cancelBody, request.body, 'request body');
    const allowed = await cancelLimit(request);
    if (!allowed.isAllowed && allowed.isExceeded) {
      return reply.code(429).send({ error: 'rate-limited', message: 'Too many requests. Please wait a minute.' });
    }
    const site = await siteOf(request, reply);
    if (!site) return reply;
    const outcome = await service.cancel(site.id, token);
    if (outcome.kind === 'unreachable') {
      // The provider's subscription is still running: nothing changed, the donor may try again.
      if (!isFormPost(request)) {
        return reply.code(502).send({ error: 'provider-unreachable', message: outcome.message });
      }
      const donation = await donationOfToken(app.db, site.id, token);
      const view = donation
        ? { ...cancelView(donation, token, request.crumb, site.locale), error: outcome.message }
        : { invalid: true };
      const scope = { pageType: PageType.DONATE, path: '/donate/cancel', title: 'Cancel your donation' };
      return pages.send(request, reply, site, 'donation-cancel', scope, { cancel: view }, 502);
    }
    if (!isFormPost(request)) {
      if (outcome.kind === 'invalid') {
        return reply.code(404).send({
          error: 'donation-link-invalid',
          message: 'This link is not valid. Please use the link in your latest receipt.',
        });
      }
      return reply.send({
        status: outcome.kind,
        donation: { id: outcome.donation.id, status: outcome.donation.status },
      });
    }
    const view =
      outcome.kind === 'invalid'
        ? { invalid: true }
        : {
            done: outcome.kind === 'cancelled',
            already: outcome.kind === 'already',
            oneTime: outcome.kind === 'one-time',
            amount: formatMoney(outcome.donation.amount_cents, outcome.donation.currency, site.locale),
            kind: donationIntervalLabel(outcome.donation.interval as DonationInterval),
          };
    const scope = { pageType: PageType.DONATE, path: '/donate/cancel', title: 'Cancel your donation' };
    return pages.send(
      request,
      reply,
      site,
      'donation-cancel',
      scope,
      { cancel: view },
      outcome.kind === 'invalid' ? 404 : 200,
    );
  });
}
