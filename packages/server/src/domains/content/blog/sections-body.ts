import { BlockType, escapeHtml } from '@tessera/core';
import { draftBody, type SectionData } from '@tessera/core/contracts/pages';
import { EDITOR_MESSAGES } from '@tessera/core';
import { AppError } from '../../../platform/errors/aliases.js';
import { sanitizeOwnerHtml } from '../../../platform/html/sanitize-owner-html.js';

// A blog post saved as blocks (issue 19): the post screen edits the blocks of a post that keeps
// blocks of its own (a WordPress import's pictures, galleries, videos…) and sends them. They are
// checked exactly as a page draft's sections (`@tessera/core/contracts/pages`, the same refusals as
// `PUT /api/config/pages/:id/draft`), and the post's HTML body, which feeds, search, excerpts and
// the WordPress export read, is made from them in the form the import gives it.

/**
 * The sections a post save sends: a layout of more than 60 blocks and a block over its type's
 * limits say so, as the page editor's draft save does; any other shape is a bare `invalid-body`.
 */
export function parsePostSections(value: unknown): SectionData[] {
  const parsed = draftBody.safeParse({ sections: value });
  if (parsed.success) return parsed.data.sections;
  const issue = parsed.error.issues[0];
  const told = issue && (issue.code === 'custom' || issue.message === EDITOR_MESSAGES.tooManyBlocks);
  throw told ? new AppError('invalid-body', issue.message) : new AppError('invalid-body');
}

type Block = SectionData['blocks'][number];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** An address the body may point at: http(s) or a path of this site; anything else is left out. */
function address(value: unknown): string | undefined {
  const url = text(value).trim();
  return /^(https?:\/\/|\/(?![/\\]))[^\s"'<>`]*$/i.test(url) && url.length <= 2000 ? url : undefined;
}

function picture(asset: unknown): string {
  const image = record(asset);
  const src = address(image.assetUrl);
  return src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(text(image.altText))}">` : '';
}

const link = (url: string | undefined, label: string) =>
  url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(label || url)}</a></p>` : '';

/** One block's HTML in the body: text as written, pictures as figures, players and buttons as links. */
function blockHtml(block: Block): string {
  const content = record(block.content);
  if (block.type === BlockType.HTML && block.variant === 'heading') {
    const level = Math.min(6, Math.max(1, Number(content.level) || 2));
    return `<h${level}>${escapeHtml(text(content.text))}</h${level}>`;
  }
  if (block.type === BlockType.HTML) return text(content.html);
  if (block.type === BlockType.IMAGE) {
    const img = picture(content.image);
    const caption = text(content.caption).trim();
    return img ? `<figure>${img}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>` : '';
  }
  if (block.type === BlockType.GALLERY) {
    const images = (Array.isArray(content.images) ? content.images : []).map(picture).join('');
    return images ? `<figure class="gallery">${images}</figure>` : '';
  }
  if (block.type === BlockType.QUOTE) {
    const source = text(content.source).trim();
    return `<blockquote><p>${escapeHtml(text(content.text))}</p>${source ? `<cite>${escapeHtml(source)}</cite>` : ''}</blockquote>`;
  }
  if (block.type === BlockType.CODE) return `<pre><code>${escapeHtml(text(content.code))}</code></pre>`;
  if (block.type === BlockType.HORIZONTAL_RULE) return '<hr>';
  if (block.type === BlockType.VIDEO || block.type === BlockType.AUDIO || block.type === BlockType.EMBED)
    return link(address(content.url), text(content.title));
  if (block.type === BlockType.BUTTON) return link(address(content.url), text(content.label));
  return '';
}

/** The body of a post made of these sections: each block's HTML in order, cleaned as owner HTML. */
export function sectionsBody(sections: readonly SectionData[]): string {
  const parts = sections.flatMap((section) => section.blocks.map((block) => blockHtml(block).trim()));
  return sanitizeOwnerHtml(parts.filter(Boolean).join('\n'));
}
