import type { BlockData } from '@tessera/core';
import { type ContentContext, convertContent, type WxrAttachment } from './wordpress-blocks.js';

// Shared by wordpress-blocks.test.ts and wordpress-blocks-html.test.ts: one old site's attachments
// (one with a hostile address) and helpers to read the blocks a body becomes.

export const UPLOADS = 'https://old.example.org/wp-content/uploads/2024/05';
export const attachments = new Map<string, WxrAttachment>([
  ['11', { url: `${UPLOADS}/beans.jpg`, alt: 'Runner beans', parent: '40' }],
  ['12', { url: `${UPLOADS}/peas.jpg`, alt: 'Peas', parent: '40' }],
  ['13', { url: `${UPLOADS}/kale.jpg`, alt: '', parent: '41' }],
  ['14', { url: 'javascript:alert(1)', alt: '', parent: '40' }],
]);
export const ctx: ContentContext = { attachments, postId: '40' };

export function blocksOf(content: string, context: ContentContext = ctx): BlockData[] {
  return convertContent(content, context).sections.flatMap((s) => s.blocks);
}
/** One block's type, variant and content, as stored. */
export const shape = (b: BlockData) => ({
  type: b.type,
  ...(b.variant ? { variant: b.variant } : {}),
  content: b.content,
});
export const img = (assetUrl: string, altText = '', extra: Record<string, unknown> = {}) => ({
  recordType: 2,
  assetUrl,
  altText,
  ...extra,
});
