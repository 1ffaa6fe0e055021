import { escapeHtml } from './html.js';

export interface RestockMailInput {
  siteTitle: string;
  productTitle: string;
  /** "Size: M, Color: Blue", empty for a product without options. */
  variantLabel: string;
  productUrl: string;
  unsubscribeUrl: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  from: string;
}

function quotedName(name: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}"`;
}

/** The back-in-stock message: plain text and HTML parts, the site's name, the product link and List-Unsubscribe. */
export function composeRestockMail(input: RestockMailInput): ComposedMail {
  const what = input.variantLabel ? `${input.productTitle} (${input.variantLabel})` : input.productTitle;
  const subject = `${input.productTitle} is back in stock at ${input.siteTitle}`;
  const text = [
    `Good news: ${what} is back in stock at ${input.siteTitle}.`,
    '',
    `See it here: ${input.productUrl}`,
    '',
    'You asked us to tell you once. We will not write again about this product unless you sign up again.',
    `Unsubscribe: ${input.unsubscribeUrl}`,
    '',
    `${input.siteTitle}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; color: #1f2328;">',
    `<p>Good news: <strong>${escapeHtml(what)}</strong> is back in stock at ${escapeHtml(input.siteTitle)}.</p>`,
    `<p><a href="${escapeHtml(input.productUrl)}">View ${escapeHtml(input.productTitle)}</a></p>`,
    '<p style="color: #59636e; font-size: 13px;">You asked us to tell you once. We will not write again about this',
    ` product unless you sign up again. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>`,
    `<p>${escapeHtml(input.siteTitle)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject,
    text,
    html,
    from: `${quotedName(input.siteTitle)} <no-reply@localhost>`,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}
