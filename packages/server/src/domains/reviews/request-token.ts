import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A review-request link names one `review_requests` row and is signed with that row's own secret
// (random, never shown): a link cannot be made for another order or product. It is single-use:
// the post that uses it sets `used_at` (see service.ts).

export const newRequestSecret = (): string => randomBytes(32).toString('hex');

const mac = (secret: string, requestId: string) =>
  createHmac('sha256', secret).update(`review-request:${requestId}`).digest('base64url');

/** `<request id>.<signature>`, for the review-request mail. */
export function requestToken(requestId: string, secret: string): string {
  return `${requestId}.${mac(secret, requestId)}`;
}

/** The request id a token names (not yet checked), or undefined for a token of the wrong shape. */
export function tokenRequestId(token: string): string | undefined {
  return /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token)?.[1];
}

export function verifyRequestToken(token: string, requestId: string, secret: string): boolean {
  const expected = Buffer.from(requestToken(requestId, secret));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
