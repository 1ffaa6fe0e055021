import { type PaymentConnections, paymentConnections } from '@tessera/core/contracts/payment-connections';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../../auth/index.js';
import { parseWithFields } from '../../checkout/index.js';
import { limitPerAddress } from '../../../platform/http/rate-limit.js';
import { parseInput } from '../../../platform/http/validate.js';
import { secretKeyProblem } from '../../../platform/secrets.js';
import { siteBaseUrl } from '../../../platform/http/public-url.js';
import type { CredentialCheck, HostedProviderId } from '../hosted.js';
import { type ConnectionFactories, HOSTED_PROVIDER_IDS, PROVIDER_SPECS, type ProviderSpec } from './provider-specs.js';
import { deleteConnection, listConnections, saveConnection } from './repository.js';

export const CONNECTION_MESSAGES = {
  fromEnvironment: (label: string) =>
    `${label} is configured with environment variables on the server; change them there (the saved keys are not used).`,
  /** The provider's own words, which usually name it already ("Stripe did not accept this secret key."). */
  refused: (label: string, said: string) =>
    said.startsWith(label) ? said : `${label} did not accept these keys: ${said}`,
  unreachable: (label: string) => `${label} could not be reached to check the keys. Try again in a minute.`,
  notConnected: (label: string) => `${label} is not connected.`,
} as const;

const providerParams = z.object({
  provider: z.enum(HOSTED_PROVIDER_IDS as [HostedProviderId, ...HostedProviderId[]], {
    error: 'The provider is stripe or paypal.',
  }),
});

export interface ConnectionRoutesOptions {
  /** The adapters' factories (`factories.ts`); tests may hand in others. */
  factories: ConnectionFactories;
}

/** Where each provider's API is reached: the real one, unless a test or demo points it at a fake. */
function apiBaseOf(app: FastifyInstance, provider: HostedProviderId): string | undefined {
  return app.config.paymentApiBases?.[provider];
}

/** The first field of the provider's form: a refusal of the keys is shown beside it. */
function firstField(spec: ProviderSpec): string {
  return spec.id === 'stripe' ? 'secretKey' : 'clientId';
}

/**
 * Owner API for the Store panel's "Payment providers" (issue 17): list the connections (masked),
 * connect a provider after checking its keys with the provider, disconnect it. Keys configured with
 * environment variables are shown as connected and cannot be changed here.
 */
export function registerConnectionRoutes(app: FastifyInstance, options: ConnectionRoutesOptions): void {
  const store = { preHandler: requireOwner('store') };
  // Each save calls the provider: a cap keeps an owner session from being used to hammer it.
  const saveLimit = limitPerAddress(app, { name: 'payment-connection-save', max: 20, timeWindowMs: 10 * 60_000 });

  async function listing(siteId: string): Promise<PaymentConnections> {
    const site = await app.db
      .selectFrom('sites')
      .select(['host', 'public_url'])
      .where('id', '=', siteId)
      .executeTakeFirstOrThrow();
    const base = siteBaseUrl(app, { host: site.host, publicUrl: site.public_url }).replace(/\/+$/, '');
    const stored = await listConnections(app.db, siteId, app.config.secretKey);
    return {
      secretsAvailable: secretKeyProblem(app.config.secretKey) === undefined,
      secretsMessage: secretKeyProblem(app.config.secretKey) ?? null,
      providers: HOSTED_PROVIDER_IDS.map((id) => {
        const spec = PROVIDER_SPECS[id];
        const webhookUrl = `${base}/api/payments/${id}/webhook`;
        const env = spec.fromEnvironment(app.config);
        if (env) {
          return {
            provider: id,
            label: spec.label,
            connected: true,
            source: 'environment' as const,
            readOnly: true,
            mode: id === 'paypal' ? (env.mode === 'live' ? 'live' : 'test') : spec.modesToTry(env)[0],
            hints: spec.hints(env),
            webhookUrl,
            updatedAt: null,
            problem: null,
          };
        }
        const saved = stored.find((s) => s.provider === id);
        return {
          provider: id,
          label: spec.label,
          connected: saved?.readable === true,
          source: saved ? ('saved' as const) : null,
          readOnly: false,
          mode: saved?.mode ?? null,
          hints: saved?.hints ?? {},
          webhookUrl,
          updatedAt: saved?.updatedAt ?? null,
          problem:
            saved && !saved.readable
              ? (secretKeyProblem(app.config.secretKey) ??
                'The saved keys can no longer be read (TESSERA_SECRET_KEY changed); save them again.')
              : null,
        };
      }),
    };
  }

  function refuse(
    reply: FastifyReply,
    status: number,
    error: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error, message, ...(fields ? { fields } : {}) });
  }

  app.get(
    '/api/config/payments/connections',
    { ...store, config: { contract: { response: { 200: paymentConnections } } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listing(request.owner!.websiteId);
    },
  );

  app.put(
    '/api/config/payments/connections/:provider',
    {
      ...store,
      onRequest: saveLimit,
      config: { contract: { params: providerParams, response: { 200: paymentConnections } } },
    },
    async (request, reply) => {
      const { provider } = parseInput(providerParams, request.params, 'address');
      const spec = PROVIDER_SPECS[provider];
      const config = parseWithFields(spec.schema, request.body);
      const siteId = request.owner!.websiteId;
      if (spec.fromEnvironment(app.config)) {
        return refuse(reply, 409, 'configured-by-environment', CONNECTION_MESSAGES.fromEnvironment(spec.label));
      }
      const keyProblem = secretKeyProblem(app.config.secretKey);
      if (keyProblem) return refuse(reply, 409, 'secret-key-missing', keyProblem);

      let accepted: Extract<CredentialCheck, { ok: true }> | undefined;
      let refusal: string | undefined;
      for (const mode of spec.modesToTry(config)) {
        let check: CredentialCheck;
        try {
          check = await spec.check(options.factories, config, mode, apiBaseOf(app, provider));
        } catch (error) {
          request.log.warn({ err: error, provider }, 'payment provider unreachable while checking keys');
          return refuse(reply, 502, 'provider-unreachable', CONNECTION_MESSAGES.unreachable(spec.label));
        }
        if (check.ok) {
          accepted = check;
          break;
        }
        refusal ??= check.message;
      }
      if (!accepted) {
        const message = CONNECTION_MESSAGES.refused(spec.label, refusal ?? 'the keys were refused.');
        return refuse(reply, 400, 'credentials-refused', message, { [firstField(spec)]: message });
      }
      await saveConnection(app.db, {
        siteId,
        provider,
        mode: accepted.mode,
        config: provider === 'paypal' ? { ...config, mode: accepted.mode } : config,
        hints: spec.hints(config),
        secretKey: app.config.secretKey,
      });
      // Installment messaging follows the new account (bounded wait; a failure only logs).
      if (provider === 'stripe') await app.services.hostedPayments?.installments.refresh(siteId);
      reply.header('cache-control', 'no-store');
      return listing(siteId);
    },
  );

  app.delete(
    '/api/config/payments/connections/:provider',
    { ...store, config: { contract: { params: providerParams, response: { 200: paymentConnections } } } },
    async (request, reply) => {
      const { provider } = parseInput(providerParams, request.params, 'address');
      const spec = PROVIDER_SPECS[provider];
      const siteId = request.owner!.websiteId;
      if (spec.fromEnvironment(app.config)) {
        return refuse(reply, 409, 'configured-by-environment', CONNECTION_MESSAGES.fromEnvironment(spec.label));
      }
      if (!(await deleteConnection(app.db, siteId, provider))) {
        return refuse(reply, 404, 'not-connected', CONNECTION_MESSAGES.notConnected(spec.label));
      }
      reply.header('cache-control', 'no-store');
      return listing(siteId);
    },
  );
}
