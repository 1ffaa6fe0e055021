import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnection } from '../connections/repository.js';
import { SECRETS_MESSAGES } from '../../../platform/secrets.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { type StripeFake, startStripeFake } from '../../../../test/fakes/stripe-fake.js';
import { connectionsSuite } from '../../../../test/connections-suite.js';

const CONNECTIONS = '/api/config/payments/connections';
const SECRET_KEY = 'payment-connections-test-secret-key-0123456789';

interface ProviderView {
  provider: string;
  connected: boolean;
  source: string | null;
  readOnly: boolean;
  mode: string | null;
  hints: Record<string, string>;
  webhookUrl: string;
}

const view = (body: { providers: ProviderView[] }, provider: string) =>
  body.providers.find((p) => p.provider === provider) as ProviderView;

for (const dialect of DIALECTS) {
  describe(`payment provider connections (${dialect})`, () => {
    const suite = connectionsSuite(dialect, SECRET_KEY, { manager: OWNERS.storeManager });

    it('refuses keys the provider does not accept, beside the field, and stores nothing', async () => {
      const wrong = await suite.manager.request('PUT', `${CONNECTIONS}/stripe`, {
        body: { secretKey: 'sk_test_wrongwrongwrong1234', webhookSecret: suite.stripe.webhookSecret },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('credentials-refused');
      expect(wrong.body.message).toContain('Stripe did not accept');
      expect(wrong.body.fields.secretKey).toBe(wrong.body.message);
      // Checked against the provider with the key given, and nothing kept.
      expect(suite.stripe.requestsTo('/v1/account').length).toBeGreaterThan(0);
      expect(await suite.server.db.selectFrom('payment_connections').selectAll().execute()).toEqual([]);

      const malformed = await suite.manager.request('PUT', `${CONNECTIONS}/stripe`, {
        body: { secretKey: 'pk_test_123', webhookSecret: 'nope' },
      });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.fields).sort()).toEqual(['secretKey', 'webhookSecret']);
      expect((await suite.manager.request('PUT', `${CONNECTIONS}/square`, { body: {} })).status).toBe(400);
    });

    it('saves checked keys sealed, shows them masked with the mode and the webhook address', async () => {
      const saved = await suite.manager.request('PUT', `${CONNECTIONS}/stripe`, {
        body: { secretKey: suite.stripe.secretKey, webhookSecret: suite.stripe.webhookSecret },
      });
      expect(saved.status).toBe(200);
      const shown = view(saved.body, 'stripe');
      expect(shown).toMatchObject({ connected: true, source: 'saved', readOnly: false, mode: 'test' });
      expect(shown.hints.secretKey).toBe(`sk_test_…${suite.stripe.secretKey.slice(-4)}`);
      expect(shown.hints.webhookSecret).toBe(`whsec_…${suite.stripe.webhookSecret.slice(-4)}`);
      expect(shown.webhookUrl).toMatch(/^http:\/\/localhost:\d+\/api\/payments\/stripe\/webhook$/);

      const listed = await suite.manager.request('GET', CONNECTIONS);
      expect(JSON.stringify(listed.body)).not.toContain(suite.stripe.secretKey);
      expect(JSON.stringify(listed.body)).not.toContain(suite.stripe.webhookSecret);
      expect(view(listed.body, 'paypal')).toMatchObject({ connected: false, source: null });

      // At rest: a versioned ciphertext, no key in the clear; it opens with the server's secret key only.
      const row = await suite.server.db.selectFrom('payment_connections').selectAll().executeTakeFirstOrThrow();
      expect(row.config).toMatch(/^v1\./);
      expect(row.config).not.toContain(suite.stripe.secretKey);
      const site = row.site_id;
      expect(await loadConnection(suite.server.db, site, 'stripe', SECRET_KEY)).toEqual({
        mode: 'test',
        config: { secretKey: suite.stripe.secretKey, webhookSecret: suite.stripe.webhookSecret },
      });
      expect(
        await loadConnection(suite.server.db, site, 'stripe', 'another-secret-key-of-enough-length-000'),
      ).toBeUndefined();
      expect(await loadConnection(suite.server.db, site, 'paypal', SECRET_KEY)).toBeUndefined();
    });

    it('connects PayPal after a token check, then disconnects each provider', async () => {
      const wrong = await suite.manager.request('PUT', `${CONNECTIONS}/paypal`, {
        body: { clientId: suite.paypal.clientId, clientSecret: 'not-the-secret', webhookId: suite.paypal.webhookId },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields.clientId).toContain('PayPal did not accept');
      const saved = await suite.manager.request('PUT', `${CONNECTIONS}/paypal`, {
        body: {
          clientId: suite.paypal.clientId,
          clientSecret: suite.paypal.clientSecret,
          webhookId: suite.paypal.webhookId,
        },
      });
      expect(saved.status).toBe(200);
      expect(view(saved.body, 'paypal')).toMatchObject({ connected: true, mode: 'test' });
      expect(view(saved.body, 'paypal').hints.clientSecret).toBe(`…${suite.paypal.clientSecret.slice(-4)}`);

      const gone = await suite.manager.request('DELETE', `${CONNECTIONS}/stripe`);
      expect(gone.status).toBe(200);
      expect(view(gone.body, 'stripe')).toMatchObject({ connected: false, hints: {} });
      expect((await suite.manager.request('DELETE', `${CONNECTIONS}/stripe`)).status).toBe(404);
      expect((await suite.manager.request('DELETE', `${CONNECTIONS}/paypal`)).status).toBe(200);
    });

    it('is for owners who run the store', async () => {
      const editor = await ownerSession(suite.server, OWNERS.editor);
      expect((await editor.request('GET', CONNECTIONS)).status).toBe(403);
      expect(
        (await editor.request('PUT', `${CONNECTIONS}/stripe`, { body: { secretKey: 'x', webhookSecret: 'y' } })).status,
      ).toBe(403);
    });
  });

  describe(`payment provider connections without a secret key, or from the environment (${dialect})`, () => {
    let stripe: StripeFake;
    let bare: TestServer;
    let fromEnv: TestServer;

    beforeAll(async () => {
      stripe = await startStripeFake();
      bare = await startTestServer({ dialect, config: { paymentApiBases: { stripe: stripe.url } } });
      fromEnv = await startTestServer({
        dialect,
        config: {
          secretKey: SECRET_KEY,
          stripe: { secretKey: 'sk_live_fromtheenvironment9876', webhookSecret: 'whsec_env1234', apiBase: stripe.url },
        },
      });
    });
    afterAll(async () => {
      await bare?.close();
      await fromEnv?.close();
      await stripe?.close();
    });

    it('refuses to store keys without TESSERA_SECRET_KEY, and says how to fix it', async () => {
      const manager = await ownerSession(bare, OWNERS.storeManager);
      const listed = await manager.request('GET', CONNECTIONS);
      expect(listed.body).toMatchObject({ secretsAvailable: false, secretsMessage: SECRETS_MESSAGES.missing });
      const refused = await manager.request('PUT', `${CONNECTIONS}/stripe`, {
        body: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'secret-key-missing', message: SECRETS_MESSAGES.missing });
      expect(await bare.db.selectFrom('payment_connections').selectAll().execute()).toEqual([]);
    });

    it('shows a provider configured in the environment as connected and read-only', async () => {
      const manager = await ownerSession(fromEnv, OWNERS.storeManager);
      const listed = await manager.request('GET', CONNECTIONS);
      expect(view(listed.body, 'stripe')).toMatchObject({
        connected: true,
        source: 'environment',
        readOnly: true,
        mode: 'live',
        hints: { secretKey: 'sk_live_…9876', webhookSecret: 'whsec_…1234' },
      });
      const put = await manager.request('PUT', `${CONNECTIONS}/stripe`, {
        body: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
      });
      expect(put.status).toBe(409);
      expect(put.body.message).toContain('environment variables');
      expect((await manager.request('DELETE', `${CONNECTIONS}/stripe`)).status).toBe(409);
    });
  });
}
