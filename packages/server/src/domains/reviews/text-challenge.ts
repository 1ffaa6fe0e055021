import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The captcha of the review form without JavaScript (issue 23). The built-in captcha is a
// proof of work (ALTCHA): the browser's script searches for a number, which nobody can do by hand.
// Without JavaScript the form gets a question a person answers instead ("What is 23 plus 7?"),
// signed with the same captcha key and expiring like a challenge: the token names a random salt
// and the expiry, its signature covers the answer, so the server keeps nothing until it is
// answered; a right answer is spent once in `captcha_spent` like a solved challenge (by its
// signature). A bot can read the question, as it can solve the proof of work: both only slow a
// client down; the review-post limit and one review per buyer per product stay the real bounds.

export interface TextChallenge {
  /** `<salt>.<expires, epoch seconds>.<signature>`: sent back as a hidden field. */
  token: string;
  question: string;
}

export type TextCheck = { ok: true; signature: string; expiresAt: string } | { ok: false };

const sign = (key: string, salt: string, expires: number, answer: string) =>
  createHmac('sha256', key).update(`review-text-challenge\n${salt}\n${expires}\n${answer}`).digest('hex');

export function createTextChallenges(options: { hmacKey: string; ttlMs: number }) {
  return {
    issue(now = Date.now()): TextChallenge {
      const a = 10 + (randomBytes(1)[0]! % 40);
      const b = 2 + (randomBytes(1)[0]! % 8);
      const salt = randomBytes(12).toString('hex');
      const expires = Math.floor((now + options.ttlMs) / 1000);
      return {
        token: `${salt}.${expires}.${sign(options.hmacKey, salt, expires, String(a + b))}`,
        question: `What is ${a} plus ${b}?`,
      };
    },

    /** Checks an answer against its token (and expiry); does not spend it. */
    verify(token: string, answer: string, now = Date.now()): TextCheck {
      const match = /^([0-9a-f]{24})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
      const given = answer.trim();
      if (!match || !/^\d{1,3}$/.test(given)) return { ok: false };
      const [, salt, expiresText, signature] = match as unknown as [string, string, string, string];
      const expires = Number(expiresText);
      if (expires * 1000 <= now) return { ok: false };
      const expected = Buffer.from(sign(options.hmacKey, salt, expires, String(Number(given))));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false };
      return { ok: true, signature, expiresAt: new Date(expires * 1000).toISOString() };
    },
  };
}

export type TextChallenges = ReturnType<typeof createTextChallenges>;
