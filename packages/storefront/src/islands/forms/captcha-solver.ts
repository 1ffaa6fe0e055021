import type { CaptchaChallenge } from '@tessera/core/contracts/forms';
import { sha256Hex } from './sha256.js';

/** A challenge as GET /api/form/captcha-challenge answers it (ALTCHA v1 format): the published contract's. */
export type { CaptchaChallenge };

export interface SolveOptions {
  /** Numbers tried before yielding to the page, so typing stays smooth. */
  sliceSize?: number;
  signal?: AbortSignal;
  /** How to wait between slices (default a macrotask). */
  yieldToPage?: () => Promise<void>;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Finds the number whose SHA-256 with the salt equals the challenge, trying numbers in order in
 * small slices between which the page gets the main thread back. Resolves to the payload the
 * server verifies (base64 JSON), or null when no number up to `maxnumber` fits or it was aborted.
 */
export async function solveCaptcha(challenge: CaptchaChallenge, options: SolveOptions = {}): Promise<string | null> {
  if (challenge.algorithm !== 'SHA-256') return null;
  const max = challenge.maxnumber ?? 1_000_000;
  const slice = options.sliceSize ?? 2000;
  const pause = options.yieldToPage ?? macrotask;
  const target = challenge.challenge.toLowerCase();
  for (let start = 0; start <= max; start += slice) {
    if (options.signal?.aborted) return null;
    const end = Math.min(max, start + slice - 1);
    for (let number = start; number <= end; number++) {
      if (sha256Hex(challenge.salt + number) === target) {
        const payload = {
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
        };
        return btoa(JSON.stringify(payload));
      }
    }
    await pause();
  }
  return null;
}
