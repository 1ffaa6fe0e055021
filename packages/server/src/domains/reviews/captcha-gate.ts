import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import { createCaptcha, resolveFormsConfig } from '../forms/index.js';

// The captcha after a threshold: the first `after` review posts from one client address within
// `windowMs` go through as they are; from then on a post must carry a solved captcha
// (`captchaKey`, the same proof-of-work challenge forms use: GET /api/form/captcha-challenge),
// each solution accepted once. The counts live in this process (bounded), beside the
// `review-post` rate limit that caps posts per address outright.

export const REVIEW_CAPTCHA = Object.freeze({ after: 3, windowMs: 60 * 60_000, maxAddresses: 10_000 });

export const REVIEW_CAPTCHA_MESSAGES = Object.freeze({
  required: 'You have sent several reviews in a short time. Complete CAPTCHA before submitting.',
  invalid: 'The CAPTCHA could not be verified. Complete CAPTCHA before submitting.',
  replayed: 'This CAPTCHA was already used. Complete CAPTCHA before submitting.',
});

export interface CaptchaGate {
  /** Counts a post from `address`; throws a 400/409 when a captcha is due and missing, wrong or used. */
  pass(address: string, captchaKey: string | undefined): Promise<void>;
}

export function createCaptchaGate(app: FastifyInstance): CaptchaGate {
  const forms = resolveFormsConfig(app.config);
  const captcha = createCaptcha(app.db, {
    hmacKey: forms.captchaHmacKey,
    maxNumber: forms.captchaMaxNumber,
    ttlMs: forms.captchaTtlMs,
  });
  const posts = new Map<string, number[]>();

  function count(address: string, now: number): number {
    const recent = (posts.get(address) ?? []).filter((at) => at > now - REVIEW_CAPTCHA.windowMs);
    const before = recent.length;
    recent.push(now);
    posts.delete(address);
    posts.set(address, recent.slice(-(REVIEW_CAPTCHA.after + 1)));
    // Oldest addresses first out (a Map keeps insertion order).
    while (posts.size > REVIEW_CAPTCHA.maxAddresses) posts.delete(posts.keys().next().value as string);
    return before;
  }

  return {
    async pass(address, captchaKey) {
      if (count(address, Date.now()) < REVIEW_CAPTCHA.after) return;
      if (!captchaKey)
        throw new AppError('captcha-required', REVIEW_CAPTCHA_MESSAGES.required, { captchaRequired: true });
      const checked = await captcha.verify(captchaKey);
      if (!checked.ok)
        throw new AppError('captcha-invalid', REVIEW_CAPTCHA_MESSAGES.invalid, { captchaRequired: true });
      if (!(await captcha.spend(app.db, checked.signature, checked.expiresAt))) {
        throw new AppError('captcha-replayed', REVIEW_CAPTCHA_MESSAGES.replayed, { captchaRequired: true });
      }
    },
  };
}
