import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../platform/config.js';
import type { Database } from '../../platform/db/schema.js';
import type { RememberLookup } from '../content/index.js';
import { type LoadedConnection, loadConnection, loadConnections } from './connections/index.js';
import type { HostedPaymentProvider, HostedProviderId } from './hosted.js';
import { createPaypalProvider } from './paypal/provider.js';
import { createStripeProvider } from './stripe/stripe-provider.js';

/**
 * Which hosted payment providers a site has connected: keys from the environment (`STRIPE_*`, `PAYPAL_*`,
 * `ServerConfig.stripe`, `ServerConfig.paypal`) win; otherwise the keys the owner saved in the Store panel
 * (`connections/`, sealed under `TESSERA_SECRET_KEY`). Adapters are made per set of
 * keys and kept, so a webhook and a checkout reuse one SDK client.
 */

/** Makes an adapter from the keys of one connection (environment or stored). */
export type HostedFactory = (
  keys: Record<string, string>,
  mode: 'test' | 'live',
  apiBase: string | undefined,
) => HostedPaymentProvider | undefined;

export const HOSTED_FACTORIES: Partial<Record<HostedProviderId, HostedFactory>> = {
  stripe: (keys, _mode, apiBase) =>
    keys.secretKey && keys.webhookSecret
      ? createStripeProvider({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, apiBase })
      : undefined,
  paypal: (keys, mode, apiBase) =>
    keys.clientId && keys.clientSecret
      ? createPaypalProvider({
          clientId: keys.clientId,
          clientSecret: keys.clientSecret,
          webhookId: keys.webhookId ?? '',
          apiBase,
          mode,
        })
      : undefined,
};

export interface HostedRegistry {
  /** The site's connected provider `id`, or undefined when it has none. */
  providerFor(siteId: string, id: HostedProviderId): Promise<HostedPaymentProvider | undefined>;
  /** Every hosted provider the site can take payments with, in a stable order. */
  connected(siteId: string): Promise<HostedPaymentProvider[]>;
}

function environmentKeys(config: ServerConfig, id: HostedProviderId): Record<string, string> | undefined {
  if (id === 'stripe' && config.stripe) {
    return { secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret };
  }
  if (id === 'paypal' && config.paypal) {
    const { clientId, clientSecret, webhookId, mode } = config.paypal;
    return { clientId, clientSecret, webhookId, mode };
  }
  return undefined;
}

function apiBaseOf(config: ServerConfig, id: HostedProviderId): string | undefined {
  if (id === 'stripe' && config.stripe?.apiBase) return config.stripe.apiBase;
  if (id === 'paypal' && config.paypal?.apiBase) return config.paypal.apiBase;
  return config.paymentApiBases?.[id];
}

/** What a stored connection is read from. */
const CONNECTION_TABLES: ReadonlySet<string> = new Set(['payment_connections']);

export function createHostedRegistry(
  db: Kysely<Database>,
  config: ServerConfig,
  factories: Partial<Record<HostedProviderId, HostedFactory>> = HOSTED_FACTORIES,
  /**
   * With it, one provider's stored connection is kept until the connections are written: every
   * product page asks for the Stripe adapter (installment messaging), issue 20.
   */
  remember?: RememberLookup,
): HostedRegistry {
  const made = new Map<string, HostedPaymentProvider | undefined>();
  const storedConnection = (siteId: string, id: HostedProviderId) =>
    remember
      ? remember(
          siteId,
          `payment-connection:${id}`,
          () => loadConnection(db, siteId, id, config.secretKey),
          CONNECTION_TABLES,
        )
      : loadConnection(db, siteId, id, config.secretKey);

  async function providerFor(
    siteId: string,
    id: HostedProviderId,
    /** The site's stored connections, when the caller read them for several providers at once. */
    read?: ReadonlyMap<HostedProviderId, LoadedConnection>,
  ): Promise<HostedPaymentProvider | undefined> {
    const factory = factories[id];
    if (!factory) return undefined;
    const env = environmentKeys(config, id);
    const stored = env ? undefined : read ? read.get(id) : await storedConnection(siteId, id);
    const keys = env ?? stored?.config;
    if (!keys) return undefined;
    const mode = stored?.mode ?? (keys.mode === 'live' ? 'live' : 'test');
    const apiBase = apiBaseOf(config, id);
    const cacheKey = JSON.stringify([id, mode, apiBase ?? '', keys]);
    if (!made.has(cacheKey)) {
      if (made.size > 200) made.clear();
      made.set(cacheKey, factory(keys, mode, apiBase));
    }
    return made.get(cacheKey);
  }

  return {
    providerFor: (siteId, id) => providerFor(siteId, id),
    async connected(siteId) {
      const ids = (Object.keys(factories) as HostedProviderId[]).sort().reverse();
      // One read for every provider without keys in the environment (issue 20: one round trip, not one each).
      const stored = ids.filter((id) => factories[id] && !environmentKeys(config, id));
      const read = await loadConnections(db, siteId, stored, config.secretKey);
      const providers = await Promise.all(ids.map((id) => providerFor(siteId, id, read)));
      return providers.filter((p): p is HostedPaymentProvider => p !== undefined);
    },
  };
}
