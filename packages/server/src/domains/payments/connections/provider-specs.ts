import { z } from 'zod';
import type { ServerConfig } from '../../../platform/config.js';
import type { CredentialCheck, HostedProviderId } from '../hosted.js';
import type { ConnectionMode } from './repository.js';

/**
 * What differs between the providers an owner can connect: the fields of the form, what of each
 * key may be shown, the mode a key says, and where environment variables configure it instead.
 * One entry per provider; the routes and the panel know nothing provider-specific beyond this.
 */

/** Something whose keys can be checked: each adapter's factory answers one (`checkCredentials`). */
export interface CredentialChecker {
  checkCredentials(): Promise<CredentialCheck>;
}

/** The adapters' factories, so tests and the app hand in the real ones (`factories.ts`). */
export interface ConnectionFactories {
  stripe(config: { secretKey: string; webhookSecret: string; apiBase?: string }): CredentialChecker;
  paypal(config: {
    clientId: string;
    clientSecret: string;
    webhookId: string;
    apiBase?: string;
    mode: ConnectionMode;
  }): CredentialChecker;
}

export interface ProviderSpec {
  id: HostedProviderId;
  label: string;
  /** The PUT body: every field the provider needs, each with its own message. */
  schema: z.ZodType<Record<string, string>>;
  /** The fields in the clear, masked for the panel. */
  hints(config: Record<string, string>): Record<string, string>;
  /** The modes to try the keys in, most likely first (a Stripe key names its own). */
  modesToTry(config: Record<string, string>): ConnectionMode[];
  /** The keys from environment variables, when the operator configured them there. */
  fromEnvironment(config: ServerConfig): Record<string, string> | undefined;
  check(
    factories: ConnectionFactories,
    config: Record<string, string>,
    mode: ConnectionMode,
    apiBase: string | undefined,
  ): Promise<CredentialCheck>;
}

/** `sk_test_…4242`: the key's own prefix (up to its last underscore) and its last four characters. */
export function maskKey(value: string): string {
  const underscore = value.lastIndexOf('_');
  const prefix = underscore > 0 && underscore < 16 ? value.slice(0, underscore + 1) : '';
  const tail = value.slice(-4);
  return `${prefix}…${tail}`;
}

const text = (what: string, max = 200) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(max, `The ${what} is too long.`)
    .regex(/^[\x21-\x7e]+$/, `The ${what} has characters no key has (spaces or accents); paste it again.`);

const stripeSchema = z.object({
  secretKey: text('secret key').regex(
    /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
    'A Stripe secret key starts with sk_test_ or sk_live_ (or rk_ for a restricted key).',
  ),
  webhookSecret: text('webhook signing secret').regex(
    /^whsec_[A-Za-z0-9]+$/,
    "A webhook signing secret starts with whsec_ (Stripe shows it on the webhook endpoint's page).",
  ),
});

const paypalSchema = z.object({
  clientId: text('client ID'),
  clientSecret: text('secret'),
  webhookId: text('webhook ID', 64),
});

function stripeEnvironment(config: ServerConfig): Record<string, string> | undefined {
  const stripe = config.stripe;
  return stripe ? { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret } : undefined;
}

function paypalEnvironment(config: ServerConfig): Record<string, string> | undefined {
  const paypal = (
    config as { paypal?: { clientId?: string; clientSecret?: string; webhookId?: string; mode?: string } }
  ).paypal;
  if (!paypal?.clientId || !paypal.clientSecret) return undefined;
  return {
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    webhookId: paypal.webhookId ?? '',
    mode: paypal.mode === 'live' ? 'live' : 'test',
  };
}

export const PROVIDER_SPECS: Record<HostedProviderId, ProviderSpec> = {
  stripe: {
    id: 'stripe',
    label: 'Stripe',
    schema: stripeSchema,
    hints: (config) => ({
      secretKey: maskKey(config.secretKey ?? ''),
      webhookSecret: maskKey(config.webhookSecret ?? ''),
    }),
    modesToTry: (config) => [/_live_/.test(config.secretKey ?? '') ? 'live' : 'test'],
    fromEnvironment: stripeEnvironment,
    check: (factories, config, _mode, apiBase) =>
      factories
        .stripe({ secretKey: config.secretKey ?? '', webhookSecret: config.webhookSecret ?? '', apiBase })
        .checkCredentials(),
  },
  paypal: {
    id: 'paypal',
    label: 'PayPal',
    schema: paypalSchema,
    hints: (config) => ({
      clientId: `${(config.clientId ?? '').slice(0, 4)}…${(config.clientId ?? '').slice(-4)}`,
      clientSecret: `…${(config.clientSecret ?? '').slice(-4)}`,
      webhookId: config.webhookId ?? '',
    }),
    // PayPal's keys do not say which environment they belong to: sandbox first, then live.
    modesToTry: () => ['test', 'live'],
    fromEnvironment: paypalEnvironment,
    check: (factories, config, mode, apiBase) =>
      factories
        .paypal({
          clientId: config.clientId ?? '',
          clientSecret: config.clientSecret ?? '',
          webhookId: config.webhookId ?? '',
          apiBase,
          mode,
        })
        .checkCredentials(),
  },
};

export const HOSTED_PROVIDER_IDS = Object.keys(PROVIDER_SPECS) as HostedProviderId[];
