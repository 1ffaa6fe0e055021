import type { FakeSession } from './stripe-fake.js';

/** Parses a form-encoded Stripe body (`a[b][0][c]=v`) into nested objects; numeric keys make arrays. */
export function parseForm(text: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const path = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: any = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
    });
  }
  return root;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The fake's hosted payment page: the amount, and Pay / Cancel buttons that post back to the fake. */
export function hostedPage(session: FakeSession): string {
  const amount = `${(session.amount_total / (session.currency === 'jpy' ? 1 : 100)).toFixed(session.currency === 'jpy' ? 0 : 2)} ${session.currency.toUpperCase()}`;
  const id = encodeURIComponent(session.id);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body>
<h1>Fake Stripe Checkout</h1>
<p>Pay <strong data-amount>${escapeHtml(amount)}</strong> to ${escapeHtml(session.metadata.order_number ? `order #${session.metadata.order_number}` : 'the shop')}.</p>
<p>Session status: <span data-status>${escapeHtml(session.status)}</span></p>
<form method="post" action="/pay/${id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${id}/cancel"><button type="submit">Cancel</button></form>
</body></html>`;
}

/**
 * `GET /v1/payment_intents`: newest first, filtered by `customer` and `created[gte]`, paged by
 * `limit` and `starting_after`, in Stripe's list envelope.
 */
export function listIntents<T extends { id: string; customer: string | null; created: number }>(
  intents: T[],
  query: URLSearchParams,
) {
  const customer = query.get('customer');
  const since = Number(query.get('created[gte]') ?? Number.NEGATIVE_INFINITY);
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10) || 10));
  // Made in order, so the map's order reversed is newest first.
  let all = intents.filter((i) => (!customer || i.customer === customer) && i.created >= since).reverse();
  const after = query.get('starting_after');
  if (after) {
    const at = all.findIndex((i) => i.id === after);
    if (at < 0) throw { status: 404, message: `No such payment_intent: '${after}'`, code: 'resource_missing' };
    all = all.slice(at + 1);
  }
  return { object: 'list', url: '/v1/payment_intents', has_more: all.length > limit, data: all.slice(0, limit) };
}
