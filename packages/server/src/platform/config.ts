import { resolve } from 'node:path';
import { parseTrustProxy, type TrustProxySetting } from './http/trust-proxy.js';
import type { S3Settings } from './storage/index.js';
import { parsePublicUrl } from './http/public-url.js';

/** Sign-in throttling limits (`signIn`); the defaults are auth's `DEFAULT_SIGN_IN_LIMITS`. */
export interface SignInLimits {
  /**
   * Failed sign-ins to one account before it is locked for the rest of the window (site users); for
   * owners, before a captcha is asked with every further try (owners are never locked out).
   */
  accountFailures: number;
  /** Failed sign-ins from one address (any account) before it is locked. */
  addressFailures: number;
  failureWindowMs: number;
  /** All sign-in requests per address per window (@fastify/rate-limit). */
  requestsPerAddress: number;
  requestWindowMs: number;
  /** Owner sign-in delays: defaults and meaning in `owner-sign-in-guard.ts`. */
  ownerFreeFailures?: number;
  ownerDelayBaseMs?: number;
  ownerDelayCapMs?: number;
  ownerPairWindowMs?: number;
}

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded and generated files live; served at `/files/*`. */
  filesDir: string;
  /** `TESSERA_S3_*`: keep files in an S3-compatible bucket instead of `filesDir` (`platform/storage/`). */
  s3?: S3Settings;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `dataDir/tessera.db`. */
  databaseUrl?: string;
  /** PostgreSQL statements prepared once per connection; `DATABASE_PREPARED_STATEMENTS=off` for a pooler that cannot keep them. */
  databasePreparedStatements?: boolean;
  redisUrl?: string;
  smtpUrl?: string;
  /** `PUBLIC_URL`: where mailed links point on a single-site install (`platform/http/public-url.ts`). */
  publicUrl?: string;
  /** Cart write routes: at most `max` requests per `timeWindowMs` per client address. */
  rateLimit: {
    max: number;
    timeWindowMs: number /** Redis key prefix (tests give each server its own). */;
    namespace?: string;
  };
  /** Sign-in throttling (owners and site users); defaults in `domains/auth/sign-in-throttle.ts`. */
  signIn?: Partial<SignInLimits>;
  /** Fastify's logger; off by default so the CLI prints only its one line. */
  logger: boolean;
  /** Forms: captcha key and submission limits (defaults in `src/domains/forms/forms-config.ts`). */
  forms?: FormsConfig;
  /** `TRUST_PROXY`: which `X-Forwarded-*` hops to believe (`platform/http/trust-proxy.ts`); only behind a proxy. */
  trustProxy: TrustProxySetting;
  /** `POST /api/checkout/orders` per client address (defaults in `src/domains/checkout/order-rate-limit.ts`). */
  checkoutOrders?: { perIp: number; timeWindowMs: number };
  /** `TESSERA_JOB_INTERVAL_MS`: the slot of background jobs without their own (default 60 s; at least 1 s). */
  jobIntervalMs?: number;
  /** `TESSERA_BACKUP_DIR` / `_EVERY_HOURS` / `_KEEP`: scheduled SQLite backups (`domains/exports/scheduled-backup.ts`); unset, none. */
  backup?: { dir: string; everyHours: number; keep: number };
  /** `METRICS_TOKEN`: the Bearer token `GET /metrics` asks for; unset, the route answers 404. */
  metricsToken?: string;
  /** `TESSERA_SECRET_KEY`: seals provider keys stored in the database (`platform/secrets.ts`); unset, none can be saved. */
  secretKey?: string;
  /** `STRIPE_API_BASE`, `PAYPAL_API_BASE`: another address for a provider's API (tests and demos use local fakes). */
  paymentApiBases?: Partial<Record<'stripe' | 'paypal', string>>;
  /** Stripe from the environment (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`, `STRIPE_API_BASE`): issue 17. */
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  /** PayPal from the environment (`PAYPAL_CLIENT_ID`, `PAYPAL_CLIENT_SECRET`, `PAYPAL_WEBHOOK_ID`, `PAYPAL_MODE`): issue 17. */
  paypal?: { clientId: string; clientSecret: string; webhookId: string; mode: 'test' | 'live'; apiBase?: string };
  /**
   * Tests only: hold every answer of a route that declares answer schemas against them, a mismatch
   * answering 500 (`platform/http/answer-check.ts`). `startTestServer` sets it; never read from the environment.
   */
  checkAnswers?: boolean;
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

/** `TESSERA_JOB_INTERVAL_MS`: how often slot-less jobs (renewals, mail retries, webhooks…) run, at least 1,000. */
function jobIntervalFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'jobIntervalMs'> {
  const raw = env.TESSERA_JOB_INTERVAL_MS;
  if (raw === undefined || raw === '') return {};
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new Error(`TESSERA_JOB_INTERVAL_MS must be a whole number of milliseconds, at least 1000, not "${raw}".`);
  }
  return { jobIntervalMs: ms };
}

/** `TESSERA_BACKUP_DIR` (unset: no scheduled backups), `TESSERA_BACKUP_EVERY_HOURS` (24), `TESSERA_BACKUP_KEEP` (7). */
function backupFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'backup'> {
  const count = (name: 'TESSERA_BACKUP_EVERY_HOURS' | 'TESSERA_BACKUP_KEEP', fallback: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1)
      throw new Error(`${name} must be a whole number of at least 1, not "${raw}".`);
    return n;
  };
  const everyHours = count('TESSERA_BACKUP_EVERY_HOURS', 24);
  const keep = count('TESSERA_BACKUP_KEEP', 7);
  const dir = env.TESSERA_BACKUP_DIR?.trim();
  return dir ? { backup: { dir: resolve(dir), everyHours, keep } } : {};
}

/** `PUBLIC_URL`: an http(s) origin such as https://shop.example.com, or unset. */
function publicUrlFromEnv(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const url = parsePublicUrl(raw);
  if (!url) throw new Error(`PUBLIC_URL must be an address such as https://shop.example.com (no path), not "${raw}".`);
  return url;
}

/** Stripe keys from the environment; both the secret key and the webhook signing secret, or neither. */
function stripeFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'stripe'> {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey && !webhookSecret) return {};
  if (!secretKey || !webhookSecret) {
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments with Stripe.');
  }
  return { stripe: { secretKey, webhookSecret, apiBase: env.STRIPE_API_BASE?.trim() || undefined } };
}

/** PayPal keys from the environment: client ID, secret and webhook ID together, or none; sandbox unless PAYPAL_MODE=live. */
function paypalFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'paypal'> {
  const clientId = env.PAYPAL_CLIENT_ID?.trim();
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  const webhookId = env.PAYPAL_WEBHOOK_ID?.trim();
  if (!clientId && !clientSecret && !webhookId) return {};
  if (!clientId || !clientSecret || !webhookId) {
    throw new Error(
      'Set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID together to take payments with PayPal.',
    );
  }
  const mode = (env.PAYPAL_MODE?.trim() || 'sandbox').toLowerCase();
  if (!['sandbox', 'test', 'live'].includes(mode)) throw new Error('PAYPAL_MODE must be sandbox or live.');
  const apiBase = env.PAYPAL_API_BASE?.trim() || undefined;
  return { paypal: { clientId, clientSecret, webhookId, mode: mode === 'live' ? 'live' : 'test', apiBase } };
}

const S3_VARIABLES = [
  'TESSERA_S3_BUCKET',
  'TESSERA_S3_ENDPOINT',
  'TESSERA_S3_REGION',
  'TESSERA_S3_ACCESS_KEY_ID',
  'TESSERA_S3_SECRET_ACCESS_KEY',
  'TESSERA_S3_FORCE_PATH_STYLE',
  'TESSERA_S3_PREFIX',
] as const;

/** S3-compatible file storage: unset (files on disk), or at least a bucket; keys in pairs; an http(s) endpoint. */
function s3FromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 's3'> {
  const value = (name: (typeof S3_VARIABLES)[number]) => env[name]?.trim() || undefined;
  const set = S3_VARIABLES.filter((name) => value(name) !== undefined);
  if (set.length === 0) return {};
  const bucket = value('TESSERA_S3_BUCKET');
  if (!bucket) {
    throw new Error(
      `TESSERA_S3_BUCKET is not set, but ${set.join(', ')} is: set the bucket to store files in S3, or unset them all.`,
    );
  }
  const accessKeyId = value('TESSERA_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('TESSERA_S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error(
      'Set both TESSERA_S3_ACCESS_KEY_ID and TESSERA_S3_SECRET_ACCESS_KEY, or neither (the AWS default credentials).',
    );
  }
  const endpoint = value('TESSERA_S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error(`TESSERA_S3_ENDPOINT must be an address such as https://s3.example.com, not "${endpoint}".`);
  }
  const pathStyle = (value('TESSERA_S3_FORCE_PATH_STYLE') ?? (endpoint ? 'true' : 'false')).toLowerCase();
  if (!['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new Error(`TESSERA_S3_FORCE_PATH_STYLE must be true or false, not "${pathStyle}".`);
  }
  const prefix = value('TESSERA_S3_PREFIX')?.replace(/^\/+|\/+$/g, '');
  return {
    s3: {
      bucket,
      endpoint,
      region: value('TESSERA_S3_REGION') ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle === 'true' || pathStyle === '1',
      prefix: prefix ? `${prefix}/` : '',
    },
  };
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
    databasePreparedStatements: !/^(off|false|0|no)$/i.test(env.DATABASE_PREPARED_STATEMENTS?.trim() ?? ''),
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: publicUrlFromEnv(env.PUBLIC_URL),
    rateLimit: { ...DEFAULT_RATE_LIMIT },
    logger: env.TESSERA_LOG === '1' || env.LOG_FORMAT === 'json',
    metricsToken: env.METRICS_TOKEN || undefined,
    secretKey: env.TESSERA_SECRET_KEY || undefined,
    paymentApiBases: {
      stripe: env.STRIPE_API_BASE?.trim() || undefined,
      paypal: env.PAYPAL_API_BASE?.trim() || undefined,
    },
    forms: formsConfigFromEnv(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...checkoutOrdersFromEnv(env),
    ...jobIntervalFromEnv(env),
    ...backupFromEnv(env),
    ...stripeFromEnv(env),
    ...paypalFromEnv(env),
    ...s3FromEnv(env),
  };
}
