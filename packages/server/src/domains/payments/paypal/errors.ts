import { ApiError } from '@paypal/paypal-server-sdk';

/**
 * PayPal's failures, turned into what Tessera shows: the issue code PayPal names (`ORDER_NOT_APPROVED`,
 * `REFUND_AMOUNT_EXCEEDED`, …) for decisions, and a sentence for people.
 */

export const BAD_CREDENTIALS = 'PayPal did not accept this client ID and secret.';

interface PaypalErrorBody {
  name?: string;
  message?: string;
  error?: string;
  error_description?: string;
  details?: Array<{ issue?: string; description?: string }>;
}

function bodyOf(error: unknown): PaypalErrorBody | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.result && typeof error.result === 'object') return error.result as PaypalErrorBody;
  if (typeof error.body === 'string') {
    try {
      return JSON.parse(error.body) as PaypalErrorBody;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The first issue code PayPal gave, if it answered at all. */
export function paypalIssue(error: unknown): string | undefined {
  return bodyOf(error)?.details?.[0]?.issue;
}

/** The OAuth token request itself failed (PayPal answered it with an error). */
export function isTokenFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.request?.url ?? '').includes('/v1/oauth2/token');
}

/** The client ID and secret were refused by PayPal's token endpoint. */
export function isCredentialFailure(error: unknown): boolean {
  return isTokenFailure(error) && ((error as ApiError).statusCode === 401 || (error as ApiError).statusCode === 400);
}

/** PayPal answered with an HTTP status (as opposed to the network failing). */
export function isPaypalAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A sentence for the owner or the buyer. */
export function paypalMessage(error: unknown): string {
  if (isCredentialFailure(error)) return BAD_CREDENTIALS;
  const body = bodyOf(error);
  if (body) {
    const detail = body.details?.[0];
    const text = detail?.description ?? body.message ?? body.error_description ?? 'PayPal refused the request.';
    return detail?.issue ? `PayPal: ${text} (${detail.issue})` : `PayPal: ${text}`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `Could not reach PayPal: ${reason}`;
}
