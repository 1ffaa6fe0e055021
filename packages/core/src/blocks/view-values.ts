import { isSafeUrl } from './markdown.js';

// Small readers of stored block content shared by the block views kept in their own files
// (`link-views.ts`, `album-view.ts`, `tour-dates.ts`): stored JSON is never trusted to have a shape.

/** What every block view starts with. */
export interface BlockViewBase {
  blockId: string;
  blockType: number;
  variant: string;
}

/** A stored string (trimmed when asked), or `fallback` for anything else. */
export function textOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** The objects of a stored list; anything else is skipped. */
export function recordsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v))
    : [];
}

/** A link the page may print: a site path, http(s) or mailto; '#' for anything else. */
export function safeHrefOf(value: unknown): string {
  const href = textOf(value).trim();
  return href && isSafeUrl(href) ? href : '#';
}

/** An absolute http(s) address, or '' (ticket and profile links go to other sites only). */
export function webAddressOf(value: unknown): string {
  const href = textOf(value).trim();
  if (!/^https?:\/\/[^\s/\\]/i.test(href)) return '';
  try {
    return new URL(href).protocol.startsWith('http') ? href : '';
  } catch {
    return '';
  }
}
