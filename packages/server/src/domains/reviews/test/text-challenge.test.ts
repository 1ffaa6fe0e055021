import { describe, expect, it } from 'vitest';
import { createTextChallenges } from '../text-challenge.js';

// The no-JavaScript review captcha's question (issue 23): only the right answer to an unexpired,
// untouched token under this key passes; the answer is never in the token.

const KEY = 'a'.repeat(64);
const MINUTE = 60_000;

function answerOf(question: string): string {
  const [, a, b] = /^What is (\d+) plus (\d+)\?$/.exec(question) ?? [];
  return String(Number(a) + Number(b));
}

describe('text challenges', () => {
  const challenges = createTextChallenges({ hmacKey: KEY, ttlMs: 20 * MINUTE });

  it('passes the right answer (spaces and leading zeros aside) and names its signature and expiry', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const { token, question } = challenges.issue(now);
    const answer = answerOf(question);
    expect(token).not.toContain(`.${answer}.`);
    const checked = challenges.verify(token, ` 0${answer} `, now + MINUTE);
    expect(checked).toEqual({
      ok: true,
      signature: token.split('.')[2],
      expiresAt: new Date(Math.floor((now + 20 * MINUTE) / 1000) * 1000).toISOString(),
    });
  });

  it('refuses a wrong answer, a non-number, an expired token, a changed token and another key', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const { token, question } = challenges.issue(now);
    const answer = answerOf(question);
    expect(challenges.verify(token, String(Number(answer) + 1), now).ok).toBe(false);
    expect(challenges.verify(token, 'forty', now).ok).toBe(false);
    expect(challenges.verify(token, '', now).ok).toBe(false);
    expect(challenges.verify(token, answer, now + 21 * MINUTE).ok).toBe(false);
    const [salt, expires, signature] = token.split('.') as [string, string, string];
    expect(challenges.verify(`${salt}.${Number(expires) + 3600}.${signature}`, answer, now).ok).toBe(false);
    expect(challenges.verify(`${'0'.repeat(24)}.${expires}.${signature}`, answer, now).ok).toBe(false);
    expect(challenges.verify('garbage', answer, now).ok).toBe(false);
    const other = createTextChallenges({ hmacKey: 'b'.repeat(64), ttlMs: 20 * MINUTE });
    expect(other.verify(token, answer, now).ok).toBe(false);
  });

  it('asks sums of two numbers with answers from 12 to 58', () => {
    const answers = new Set(Array.from({ length: 400 }, () => Number(answerOf(challenges.issue().question))));
    expect(Math.min(...answers)).toBeGreaterThanOrEqual(12);
    expect(Math.max(...answers)).toBeLessThanOrEqual(58);
    expect(answers.size).toBeGreaterThan(20);
  });
});
