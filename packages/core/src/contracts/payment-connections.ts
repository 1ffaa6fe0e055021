import { z } from 'zod';

// The store's payment providers as an owner connects them (`/api/config/payments/connections*`,
// store group; issue 17): each hosted provider with its keys masked. The keys' bodies stay in the
// server (each provider's own field checks).

/** One provider: connected or not, by environment variables (read only) or saved keys, and in which mode. */
export const providerConnection = z
  .object({
    provider: z.enum(['stripe', 'paypal']),
    label: z.string(),
    connected: z.boolean(),
    source: z.enum(['environment', 'saved']).nullable(),
    /** Configured with environment variables: changed on the server, not here. */
    readOnly: z.boolean(),
    mode: z.enum(['test', 'live']).nullable(),
    /** Each key masked to its prefix and last characters (`sk_test_…1234`). */
    hints: z.record(z.string(), z.string()),
    /** The address to give the provider for its webhooks. */
    webhookUrl: z.string(),
    updatedAt: z.string().nullable(),
    /** Why saved keys cannot be used (the server's secret key is missing or changed). */
    problem: z.string().nullable(),
  })
  .strict();

/**
 * `GET /api/config/payments/connections`, and the answer of `PUT` and `DELETE …/:provider`: whether
 * keys can be stored (the server's secret key), why not, and the providers.
 */
export const paymentConnections = z
  .object({
    secretsAvailable: z.boolean(),
    secretsMessage: z.string().nullable(),
    providers: z.array(providerConnection),
  })
  .strict();

export type ProviderConnection = z.infer<typeof providerConnection>;
export type PaymentConnections = z.infer<typeof paymentConnections>;
