import sanitizeHtml, { type IOptions } from 'sanitize-html';

// Owner rich text (product bodies, HTML blocks, accordion items, blog and event bodies, collection
// and page descriptions, forms' after-submit text) is HTML written by people who are not all
// trusted with the visitors' browsers (a store manager or an editor is not an administrator).
// It is cleaned against one allow-list when it is saved AND when it is rendered (stored legacy
// content), with `sanitize-html`. docs/security.md ("Trust model: owner HTML") describes it.
//
// Allowed: text formatting, headings, lists, quotes, tables, figures, pictures (http(s) or
// relative), links (http, https, mailto, tel or relative; `target="_blank"` gets
// `rel="noopener noreferrer"`), `class`, `title`, `lang`, `dir`, and `style` with `text-align`
// only. Iframes only from YouTube (www.youtube.com, www.youtube-nocookie.com) and Vimeo
// (player.vimeo.com) players, https, sandboxed. Everything else is dropped: scripts, styles,
// `<meta>`, `<base>`, `<link>`, forms, `on*` and `id` attributes, `javascript:`/`data:` URLs.
// The one exception is the raw code block: an HTML block (type 2) whose content has
// `raw: true`, which only an administrator can save (`sanitizeSections`).

/** Hosts whose video players may be embedded with an iframe (https only). */
export const IFRAME_HOSTS: readonly string[] = Object.freeze([
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
]);

const BLOCK_TYPE_HTML = 2;
const BLOCK_TYPE_ACCORDION = 69;

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'abbr',
    'cite',
    'q',
    'code',
    'pre',
    'kbd',
    'samp',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'picture',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'details',
    'summary',
    'time',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir', 'style'],
    a: ['href', 'target', 'rel', 'hreflang'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    td: ['colspan', 'rowspan', 'headers'],
    th: ['colspan', 'rowspan', 'headers', 'scope', 'abbr'],
    col: ['span'],
    colgroup: ['span'],
    time: ['datetime'],
    details: ['open'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy', 'sandbox'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...IFRAME_HOSTS],
  allowIframeRelativeUrls: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify|start|end)$/] } },
  disallowedTagsMode: 'discard',
  // A frame whose source was refused (not a known video player) goes entirely.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed'],
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.target !== '_blank') {
        const { target: _target, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
    },
    // Players run in their own origin; no top navigation, no same-origin access to this site.
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
        referrerpolicy: 'strict-origin-when-cross-origin',
        loading: 'lazy',
      },
    }),
  },
};

/** Remembered results: the same stored HTML renders on every visit (bounded by total characters). */
const MEMO_MAX_CHARS = 8 * 1024 * 1024;
const memo = new Map<string, string>();
let memoChars = 0;

/** Owner HTML cleaned against the allow-list above; the same input gives the same (remembered) output. */
export function sanitizeOwnerHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  const known = memo.get(html);
  if (known !== undefined) {
    // Most recently used last, so the oldest entries go first.
    memo.delete(html);
    memo.set(html, known);
    return known;
  }
  const clean = sanitizeHtml(html, OPTIONS);
  const size = html.length + clean.length;
  if (size <= MEMO_MAX_CHARS / 16) {
    memo.set(html, clean);
    memoChars += size;
    for (const [key, value] of memo) {
      if (memoChars <= MEMO_MAX_CHARS) break;
      memo.delete(key);
      memoChars -= key.length + value.length;
    }
  }
  return clean;
}

/** Is this block the administrators' raw code block (an HTML block stored with `content.raw: true`)? */
export function isRawCodeBlock(block: { type?: unknown; content?: unknown }): boolean {
  return (
    block.type === BLOCK_TYPE_HTML &&
    !!block.content &&
    typeof block.content === 'object' &&
    (block.content as Record<string, unknown>).raw === true
  );
}

function cleanBlock(block: unknown, options: SaveOptions): unknown {
  if (!block || typeof block !== 'object') return block;
  const b = block as Record<string, unknown>;
  const content = b.content && typeof b.content === 'object' ? (b.content as Record<string, unknown>) : undefined;
  if (!content) return block;
  if (b.type === BLOCK_TYPE_HTML && typeof content.html === 'string') {
    if (content.raw === true && (options.allowRaw || options.storedRaw?.has(content.html))) return block;
    const { raw: _raw, ...rest } = content;
    return { ...b, content: { ...rest, html: sanitizeOwnerHtml(content.html) } };
  }
  if (b.type === BLOCK_TYPE_HTML && content.raw !== undefined) {
    const { raw: _raw, ...rest } = content;
    return { ...b, content: rest };
  }
  if (b.type === BLOCK_TYPE_ACCORDION && Array.isArray(content.items)) {
    const items = content.items.map((item) =>
      item && typeof item === 'object' && typeof (item as Record<string, unknown>).html === 'string'
        ? { ...item, html: sanitizeOwnerHtml((item as { html: string }).html) }
        : item,
    );
    return { ...b, content: { ...content, items } };
  }
  if (typeof content.postSubmitHtml === 'string') {
    return { ...b, content: { ...content, postSubmitHtml: sanitizeOwnerHtml(content.postSubmitHtml) } };
  }
  return block;
}

interface SaveOptions {
  /** The saving owner is an administrator: HTML blocks marked `raw: true` are kept as written. */
  allowRaw: boolean;
  /** Raw code already stored (by an administrator): kept when another owner saves the page unchanged around it. */
  storedRaw?: ReadonlySet<string>;
}

/** The HTML of every raw code block in stored sections. */
export function rawCodeOf(sections: readonly unknown[]): Set<string> {
  const found = new Set<string>();
  for (const section of sections) {
    const blocks = (section as { blocks?: unknown } | null)?.blocks;
    if (!Array.isArray(blocks)) continue;
    for (const block of blocks) {
      if (block && typeof block === 'object' && isRawCodeBlock(block)) {
        const html = (block as { content: { html?: unknown } }).content.html;
        if (typeof html === 'string') found.add(html);
      }
    }
  }
  return found;
}

/**
 * Sections as they are saved: every block's owner HTML cleaned. An administrator keeps HTML blocks
 * marked `raw: true` as written; for anyone else the mark is dropped and the HTML cleaned like any
 * other, unless the same raw code is already stored (an administrator's block left as it was).
 */
export function sanitizeSections<T>(sections: T[], options: SaveOptions): T[] {
  return sections.map((section) => {
    if (!section || typeof section !== 'object') return section;
    const s = section as Record<string, unknown>;
    if (!Array.isArray(s.blocks)) return section;
    return { ...s, blocks: s.blocks.map((block) => cleanBlock(block, options)) } as T;
  });
}

/** Stored translations (language → `{ body?, description?, … }`) with their owner HTML cleaned. */
export function sanitizeTranslations<T extends Record<string, unknown>>(translations: T): T {
  if (!translations || typeof translations !== 'object') return translations;
  const out: Record<string, unknown> = {};
  for (const [language, entry] of Object.entries(translations)) {
    if (!entry || typeof entry !== 'object') {
      out[language] = entry;
      continue;
    }
    const copy = { ...(entry as Record<string, unknown>) };
    if (typeof copy.body === 'string') copy.body = sanitizeOwnerHtml(copy.body);
    if (typeof copy.description === 'string') copy.description = sanitizeOwnerHtml(copy.description);
    out[language] = copy;
  }
  return out as T;
}
