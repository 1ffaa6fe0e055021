import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The donor's cancel link names one donation and is signed with that donation's own secret
// (`donations.cancel_secret`, random, never shown): a token cannot be made for another donation,
// and one donation's token says nothing about any other.

/** A new donation's secret. */
export const newCancelSecret = (): string => randomBytes(32).toString('hex');

const mac = (secret: string, donationId: string) =>
  createHmac('sha256', secret).update(`donation-cancel:${donationId}`).digest('base64url');

/** `<donation id>.<signature>`, for the link in every receipt. */
export function cancelToken(donationId: string, secret: string): string {
  return `${donationId}.${mac(secret, donationId)}`;
}

/** The donation id a token names (not yet checked), or undefined for a token of the wrong shape. */
export function tokenDonationId(token: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match?.[1];
}

/** Whether `token` was signed for `donationId` with its secret. */
export function verifyCancelToken(token: string, donationId: string, secret: string): boolean {
  const expected = Buffer.from(cancelToken(donationId, secret));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
