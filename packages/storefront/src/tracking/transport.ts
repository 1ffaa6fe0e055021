import { readConsent, TRACKING_LIMITS } from '@tessera/core';
import { readCookie } from './identity.js';

/** True once the visitor declined cookies: from then on the tracker sends nothing (core `consent.ts`). */
export function consentDeclined(doc: Document): boolean {
  return readConsent(doc.cookie) === 'declined';
}

/**
 * Posts a form-encoded tracking call with the crumb (header and field). Never throws: a failure
 * resolves to the HTTP status (0 for a network error or timeout).
 */
export async function postForm(doc: Document, url: string, fields: Record<string, string>): Promise<number> {
  if (consentDeclined(doc)) return 0;
  const crumb = readCookie(doc, 'crumb') ?? '';
  try {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ crumb, ...fields }),
      headers: { 'X-CSRF-Token': crumb },
      credentials: 'same-origin',
      keepalive: true,
      signal: AbortSignal.timeout(TRACKING_LIMITS.requestTimeoutMs),
    });
    return response.status;
  } catch {
    return 0;
  }
}
