import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import { countPerAddress } from '../../platform/http/rate-limit.js';
import { createCaptcha, resolveFormsConfig } from '../forms/index.js';
import { createTextChallenges, type TextChallenge } from './text-challenge.js';

// The captcha after a threshold: the first `after` review posts from one client address within
// `windowMs` go through as they are; from then on a post must carry a solved captcha
// (`captchaKey`, the same proof-of-work challenge forms use: GET /api/form/captcha-challenge),
// each solution accepted once. The counts live in the rate-limit store under their own name,
// `review-captcha` (in memory, or in Redis with `REDIS_URL`, so every server process sees the same
// counts), beside the `review-post` limit that caps posts per address outright. While Redis is
// away the store counts nothing and no captcha is asked, as the limits let requests through.

export const REVIEW_CAPTCHA = Object.freeze({ name: 'review-captcha', after: 3, windowMs: 60 * 60_000 });

export const REVIEW_CAPTCHA_MESSAGES = Object.freeze({
  required: 'You have sent several reviews in a short time. Complete CAPTCHA before submitting.',
  invalid: 'The CAPTCHA could not be verified. Complete CAPTCHA before submitting.',
  replayed: 'This CAPTCHA was already used. Complete CAPTCHA before submitting.',
});

/** The no-JavaScript form's answer to a text challenge (`text-challenge.ts`): its token and what was typed. */
export interface TextAnswer {
  token: string;
  answer: string;
}

export interface CaptchaGate {
  /**
   * Counts a post from the request's address; throws a 400/409 when a captcha is due and missing,
   * wrong or used. Either captcha passes: the solved proof of work (`captchaKey`, the script's) or
   * the answered question of the form without JavaScript (`text`).
   */
  pass(request: FastifyRequest, captchaKey: string | undefined, text?: TextAnswer): Promise<void>;
  /** A question for the review form without JavaScript, when a captcha is due. */
  textChallenge(): TextChallenge;
}

export function createCaptchaGate(app: FastifyInstance): CaptchaGate {
  const forms = resolveFormsConfig(app.config);
  const captcha = createCaptcha(app.db, {
    hmacKey: forms.captchaHmacKey,
    maxNumber: forms.captchaMaxNumber,
    ttlMs: forms.captchaTtlMs,
  });
  const count = countPerAddress(app, {
    name: REVIEW_CAPTCHA.name,
    max: REVIEW_CAPTCHA.after,
    timeWindowMs: REVIEW_CAPTCHA.windowMs,
  });

  const questions = createTextChallenges({ hmacKey: forms.captchaHmacKey, ttlMs: forms.captchaTtlMs });

  return {
    textChallenge: () => questions.issue(),
    async pass(request, captchaKey, text) {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      if (!captchaKey && !text?.answer)
        throw new AppError('captcha-required', REVIEW_CAPTCHA_MESSAGES.required, { captchaRequired: true });
      const checked = captchaKey ? await captcha.verify(captchaKey) : questions.verify(text!.token, text!.answer);
      if (!checked.ok)
        throw new AppError('captcha-invalid', REVIEW_CAPTCHA_MESSAGES.invalid, { captchaRequired: true });
      if (!(await captcha.spend(app.db, checked.signature, checked.expiresAt))) {
        throw new AppError('captcha-replayed', REVIEW_CAPTCHA_MESSAGES.replayed, { captchaRequired: true });
      }
    },
  };
}
