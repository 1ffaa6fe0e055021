import { Client, Environment, type OAuthToken } from '@paypal/paypal-server-sdk';

/** How an owner (or the environment) connects a PayPal REST app. */
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook registered for this shop (needed to verify events). */
  webhookId: string;
  /** Another host standing in for PayPal's API (a local fake in tests); the path is kept. */
  apiBase?: string;
  mode: 'test' | 'live';
}

const OFFICIAL_BASE = { test: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** The API origin calls go to: the configured stand-in, or PayPal's sandbox or live host. */
export function apiBaseOf(config: PaypalConfig): string {
  return (config.apiBase ?? OFFICIAL_BASE[config.mode]).replace(/\/+$/, '');
}

/**
 * A fetch that sends a request meant for PayPal's host to `apiBase` instead, keeping path and query.
 * The SDK (2.5) only knows its Production and Sandbox environments and has no base-URL setting; its
 * documented escape hatch is `unstable_httpClientOptions`, the config of its axios instance, where
 * axios's own fetch adapter takes a custom `env.fetch`. That is the one place the host changes.
 */
export function rebasedFetch(apiBase: string): typeof fetch {
  const base = apiBase.replace(/\/+$/, '');
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(`${base}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
      redirect: 'manual',
    });
  };
}

/** A client of PayPal's official SDK for `config`; `onToken` sees every OAuth token it obtains. */
export function createSdkClient(config: PaypalConfig, onToken: (token: OAuthToken) => void): Client {
  return new Client({
    environment: config.mode === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.clientId,
      oAuthClientSecret: config.clientSecret,
      oAuthOnTokenUpdate: onToken,
    },
    ...(config.apiBase
      ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: rebasedFetch(config.apiBase) } } }
      : {}),
  });
}
