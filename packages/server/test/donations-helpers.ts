import { BlockType } from '@tessera/core';
import type { ServerConfig } from '../src/platform/config.js';
import { type DialectName, startTestServer, type TestServer } from '../src/testing.js';
import { type PaypalFake, startPaypalFake, paypalKeysOf } from './fakes/paypal-fake.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from './fakes/stripe-fake.js';
import { type Received, startSmtp, stopSmtp } from './smtp-capture.js';
import { suiteOf } from './suite-server.js';

/** The donation block the tests give through: $10 / $25 / $50 suggested, $5.00 minimum, one-time and monthly. */
export const DONATION_BLOCK = {
  id: 'donate-block-1',
  type: BlockType.DONATION,
  settings: {},
  content: {
    title: 'Keep the lights on',
    description: 'Every gift helps.',
    suggestedCents: [1000, 2500, 5000],
    minimumCents: 500,
    allowCustom: true,
    intervals: ['once', 'month', 'year'],
  },
};

/** A server with Stripe (the local fake) and mail to `smtpPort`, and a page holding the donation block. */
export async function startDonationServer(
  dialect: DialectName,
  smtpPort: number,
): Promise<{ server: TestServer; fake: StripeFake; pagePath: string }> {
  const fake = await startStripeFake();
  const server = await startGivingServer(dialect, smtpPort, { stripe: stripeKeysOf(fake) });
  fake.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  return { server, fake, pagePath: await addDonationBlock(server) };
}

/** A server with PayPal only (the local fake, events queued until a test delivers them) and mail to `smtpPort`. */
export async function startPaypalDonationServer(
  dialect: DialectName,
  smtpPort: number,
): Promise<{ server: TestServer; fake: PaypalFake; pagePath: string }> {
  const fake = await startPaypalFake();
  const server = await startGivingServer(dialect, smtpPort, { paypal: paypalKeysOf(fake) });
  fake.webhooks.url = `${server.url}/api/payments/paypal/webhook`;
  return { server, fake, pagePath: await addDonationBlock(server) };
}

/** A test server with `provider` (its payment keys) and mail to `smtpPort`. */
function startGivingServer(dialect: DialectName, smtpPort: number, provider: Partial<ServerConfig>) {
  return startTestServer({
    dialect,
    config: {
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      ...provider,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}/?pool=true&maxConnections=4&ignoreTLS=true`,
    },
  });
}

/** What `donationSuite` answers: the server with its provider's fake, the donation page and the mail received. */
export interface DonationSuite<Fake> {
  server: TestServer;
  fake: Fake;
  pagePath: string;
  received: Received[];
}

/**
 * The enclosing `describe`'s donation server (see `suiteOf`): a capture SMTP server collecting into
 * `received`, and a server as `startDonationServer` (Stripe) or `startPaypalDonationServer` (PayPal)
 * mailing to it; all three closed after its tests.
 */
export function donationSuite(dialect: DialectName, provider: 'stripe'): DonationSuite<StripeFake>;
export function donationSuite(dialect: DialectName, provider: 'paypal'): DonationSuite<PaypalFake>;
export function donationSuite(
  dialect: DialectName,
  provider: 'stripe' | 'paypal',
): DonationSuite<StripeFake | PaypalFake> {
  const received: Received[] = [];
  return suiteOf(
    async () => {
      const { smtp, port } = await startSmtp(received);
      try {
        const start = provider === 'stripe' ? startDonationServer : startPaypalDonationServer;
        return { ...(await start(dialect, port)), smtp, received };
      } catch (error) {
        await stopSmtp(smtp);
        throw error;
      }
    },
    async ({ server, fake, smtp }) => {
      await server.close();
      await fake.close();
      await stopSmtp(smtp);
    },
  );
}

/** Puts the donation block on the demo's about page; answers the page's path. */
async function addDonationBlock(server: TestServer): Promise<string> {
  const page = await server.db
    .selectFrom('collections')
    .select(['id', 'slug', 'sections'])
    .where('slug', '=', 'about')
    .executeTakeFirstOrThrow();
  const sections = JSON.parse(page.sections) as { blocks: unknown[] }[];
  sections.push({ blocks: [DONATION_BLOCK] });
  await server.db
    .updateTable('collections')
    .set({ sections: JSON.stringify(sections) })
    .where('id', '=', page.id)
    .execute();
  server.app.services.content.invalidate();
  return `/${page.slug}`;
}

export async function donationOf(server: TestServer, orderId: string) {
  return server.db.selectFrom('donations').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

export async function paymentsOf(server: TestServer, donationId: string) {
  return server.db
    .selectFrom('donation_payments')
    .selectAll()
    .where('donation_id', '=', donationId)
    .orderBy('cycle')
    .execute();
}
