import { TRACKING_MESSAGES } from '@tessera/core';
import { readCookie } from './identity.js';
import { consentDeclined, postForm } from './transport.js';

/** The analytics event payload of SPEC §3, sent to the schema-event endpoint. */
export const ANALYTICS_EVENT_SCHEMA = 'storefront-analytics-event';

async function postJson(doc: Document, url: string, body: unknown): Promise<number> {
  if (consentDeclined(doc)) return 200;
  const crumb = readCookie(doc, 'crumb') ?? '';
  const response = await fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
    credentials: 'same-origin',
    keepalive: true,
  });
  return response.status;
}

/**
 * Posts one schema event (`POST /api/v1/clanker/events`); anything but 200 or 202 rejects with
 * SPEC §8's 'Error tracking event: HTTP Status {code}'. With `validate`, the content is only
 * checked (`/api/v1/clanker/validate-event-content/{schema}`).
 */
export async function sendSchemaEvent(
  doc: Document,
  schemaName: string,
  content: unknown,
  validate = false,
): Promise<void> {
  const eventContent = JSON.stringify(content);
  const status = validate
    ? await postJson(doc, `/api/v1/clanker/validate-event-content/${encodeURIComponent(schemaName)}`, { eventContent })
    : await postJson(doc, '/api/v1/clanker/events', { eventSchemaName: schemaName, eventContent });
  if (status !== 200 && status !== 202) throw new Error(TRACKING_MESSAGES.httpStatus(status));
}

/** `POST /api/events/RecordEvent`: a named site event, form-encoded with the crumb. */
export function recordEvent(doc: Document, event: string, data: unknown, extra: Record<string, string> = {}) {
  return postForm(doc, '/api/events/RecordEvent', { ...extra, event, data: JSON.stringify(data) });
}

/** The census calls of SPEC §7 besides the hit. */
export const census = {
  buttonClick: (doc: Document, visitorCookie: string, fields: Record<string, string>) =>
    postForm(doc, '/api/census/button-click', { visitorCookie, page: location.pathname, ...fields }),
  buttonRender: (doc: Document, visitorCookie: string, fields: Record<string, string>) =>
    postForm(doc, '/api/census/button-render', { visitorCookie, page: location.pathname, ...fields }),
  formRender: (doc: Document, visitorCookie: string, formId: string) =>
    postForm(doc, '/api/census/form-render', { formId, visitorCookie }),
  overlay: (doc: Document, visitorCookie: string, fields: Record<string, string>) =>
    postForm(doc, '/api/census/overlay', { visitorCookie, page: location.pathname, ...fields }),
  quickView: (doc: Document, itemId: string) =>
    postForm(doc, `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`, { page: location.pathname }),
};
