import { resolve } from 'node:path';
import type { SignInLimits } from './auth/sign-in-throttle.js';
import { parseTrustProxy, type TrustProxySetting } from './http/trust-proxy.js';
import { parsePublicUrl } from './site-url/public-url.js';

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded and generated files live; served at `/files/*`. */
  filesDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `dataDir/tessera.db`. */
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  /** `PUBLIC_URL`: where mailed links point on a single-site install (`site-url/public-url.ts`). */
  publicUrl?: string;
  /** Cart write routes: at most `max` requests per `timeWindowMs` per client address. */
  rateLimit: {
    max: number;
    timeWindowMs: number /** Redis key prefix (tests give each server its own). */;
    namespace?: string;
  };
  /** Sign-in throttling (owners and site users); defaults in `auth/sign-in-throttle.ts`. */
  signIn?: Partial<SignInLimits>;
  /** Fastify's logger; off by default so the CLI prints only its one line. */
  logger: boolean;
  /** Forms: captcha key and submission limits (defaults in `src/forms/forms-config.ts`). */
  forms?: FormsConfig;
  /** `TRUST_PROXY`: which `X-Forwarded-*` hops to believe (`http/trust-proxy.ts`); only behind a proxy. */
  trustProxy: TrustProxySetting;
  /** `POST /api/checkout/orders` per client address (defaults in `src/checkout/order-rate-limit.ts`). */
  checkoutOrders?: { perIp: number; timeWindowMs: number };
  /** `METRICS_TOKEN`: the Bearer token `GET /metrics` asks for; unset, the route answers 404. */
  metricsToken?: string;
}

export const DEFAULT_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 };

export interface FormsConfig {
  /** HMAC key for captcha challenges (`CAPTCHA_HMAC_KEY`); a random one per process when unset. */
  captchaHmacKey?: string;
  /** Accepted submissions per client address and per form in each window. */
  rateLimit?: { perIp: number; perForm: number; timeWindowMs: number };
  /** Submissions sent sooner than this after their key was issued are flagged as spam. */
  minFillMs?: number;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${raw}".`);
  }
  return port;
}

/** `CAPTCHA_HMAC_KEY`, and `FORM_SUBMISSIONS_PER_IP` / `FORM_SUBMISSIONS_PER_FORM` (per minute; benchmarks raise them). */
function formsConfigFromEnv(env: NodeJS.ProcessEnv): FormsConfig {
  const perIp = Number(env.FORM_SUBMISSIONS_PER_IP);
  const perForm = Number(env.FORM_SUBMISSIONS_PER_FORM);
  const limited = Number.isInteger(perIp) && perIp > 0 && Number.isInteger(perForm) && perForm > 0;
  return {
    captchaHmacKey: env.CAPTCHA_HMAC_KEY || undefined,
    ...(limited ? { rateLimit: { perIp, perForm, timeWindowMs: 60_000 } } : {}),
  };
}

/** `CHECKOUT_ORDERS_PER_IP`: order attempts per client address per minute (unset: the default). */
function checkoutOrdersFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'checkoutOrders'> {
  const raw = env.CHECKOUT_ORDERS_PER_IP;
  if (raw === undefined || raw === '') return {};
  const perIp = Number(raw);
  if (!Number.isInteger(perIp) || perIp < 1) {
    throw new Error(`CHECKOUT_ORDERS_PER_IP must be a whole number of at least 1, not "${raw}".`);
  }
  return { checkoutOrders: { perIp, timeWindowMs: 60_000 } };
}

/** `PUBLIC_URL`: an http(s) origin such as https://shop.example.com, or unset. */
function publicUrlFromEnv(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const url = parsePublicUrl(raw);
  if (!url) throw new Error(`PUBLIC_URL must be an address such as https://shop.example.com (no path), not "${raw}".`);
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset to use SQLite).');
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    filesDir: resolve(dataDir, 'files'),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: publicUrlFromEnv(env.PUBLIC_URL),
    rateLimit: { ...DEFAULT_RATE_LIMIT },
    logger: env.TESSERA_LOG === '1' || env.LOG_FORMAT === 'json',
    metricsToken: env.METRICS_TOKEN || undefined,
    forms: formsConfigFromEnv(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...checkoutOrdersFromEnv(env),
  };
}
