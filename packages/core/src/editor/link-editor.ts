import { EDITOR_MESSAGES } from './editor-limits.js';
import { validateSlug } from './page-slugs.js';

// The link editor (SPEC §2): its tabs, the URL each tab's value becomes, and back.

/** The link editor's tabs (SPEC §2). */
export const LINK_TABS = Object.freeze(['page', 'web', 'email', 'phone', 'file'] as const);
export type LinkTab = (typeof LINK_TABS)[number];
export const LINK_TAB_LABELS: Readonly<Record<LinkTab, string>> = Object.freeze({
  page: 'Page',
  web: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
});

export type LinkResult = { ok: true; url: string } | { ok: false; message: string };

/** Turns what a link-editor tab holds into the stored URL, or the SPEC message saying what is wrong. */
export function buildLink(tab: LinkTab, raw: string): LinkResult {
  const value = raw.trim();
  switch (tab) {
    case 'page': {
      const slug = value.replace(/^\/+/, '');
      if (slug === '') return { ok: true, url: '/' };
      const problem = validateSlug(slug);
      return problem ? { ok: false, message: problem } : { ok: true, url: `/${slug}` };
    }
    case 'web': {
      const host = value.replace(/^https?:\/\//i, '');
      const valid = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i.test(host);
      if (!valid) return { ok: false, message: EDITOR_MESSAGES.linkFormat };
      return { ok: true, url: /^https?:\/\//i.test(value) ? value : `https://${value}` };
    }
    case 'email': {
      const email = value.replace(/^mailto:/i, '');
      if (!email) return { ok: false, message: EDITOR_MESSAGES.invalidEmail };
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length < 3 || email.length > 256)
        return { ok: false, message: EDITOR_MESSAGES.emailFormat };
      return { ok: true, url: `mailto:${email}` };
    }
    case 'phone': {
      const phone = value.replace(/^tel:/i, '').replace(/[\s().-]/g, '');
      if (!/^\+?\d{3,20}$/.test(phone)) return { ok: false, message: 'Please enter a valid phone number' };
      return { ok: true, url: `tel:${phone}` };
    }
    case 'file': {
      const name = value.replace(/^\/?files\//, '');
      if (!name) return { ok: false, message: EDITOR_MESSAGES.fileNameRequired };
      return { ok: true, url: `/files/${encodeURIComponent(name)}` };
    }
  }
}

/** Which tab a stored URL belongs to, and the value that tab shows. */
export function parseLink(url: string): { tab: LinkTab; value: string } {
  if (/^mailto:/i.test(url)) return { tab: 'email', value: url.slice(7) };
  if (/^tel:/i.test(url)) return { tab: 'phone', value: url.slice(4) };
  if (url.startsWith('/files/')) return { tab: 'file', value: decodeURIComponent(url.slice(7)) };
  if (url.startsWith('/')) return { tab: 'page', value: url.slice(1) };
  return { tab: 'web', value: url };
}
