import type { ServerConfig } from '../../platform/config.js';
import { DEFAULT_CAPTCHA, randomHmacKey } from './captcha.js';
import { DEFAULT_SUBMISSION_LIMITS, type SubmissionLimits } from './submission-limiter.js';

/** Submissions sent sooner than this after their key was issued are flagged as spam. */
export const DEFAULT_MIN_FILL_MS = 1500;

export interface ResolvedFormsConfig {
  captchaHmacKey: string;
  captchaMaxNumber: number;
  captchaTtlMs: number;
  limits: SubmissionLimits;
  minFillMs: number;
}

// One random captcha key per configuration, so every plugin that verifies captchas (forms, restock) agrees.
const generatedKeys = new WeakMap<ServerConfig, string>();

function captchaKeyOf(config: ServerConfig): string {
  if (config.forms?.captchaHmacKey) return config.forms.captchaHmacKey;
  let key = generatedKeys.get(config);
  if (!key) {
    key = randomHmacKey();
    generatedKeys.set(config, key);
  }
  return key;
}

/** The forms settings of the server configuration with their defaults filled in. */
export function resolveFormsConfig(config: ServerConfig): ResolvedFormsConfig {
  const forms = config.forms ?? {};
  return {
    captchaHmacKey: captchaKeyOf(config),
    captchaMaxNumber: DEFAULT_CAPTCHA.maxNumber,
    captchaTtlMs: DEFAULT_CAPTCHA.ttlMs,
    limits: { ...DEFAULT_SUBMISSION_LIMITS, ...forms.rateLimit },
    minFillMs: forms.minFillMs ?? DEFAULT_MIN_FILL_MS,
  };
}
