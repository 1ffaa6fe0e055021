import { chartView } from '../editor/chart-view.js';
import { formBlockDefinition } from '../editor/form-builder.js';
import { BlockType } from '../enums/block-type.js';
import { PURE_BLOCK_VIEWS } from './block-view-table.js';
import { formBlockView } from './form-view.js';
import { galleryView } from './gallery-view.js';
import { type ImageView, imageView } from './images.js';
import { escapeHtml, isSafeUrl, renderMarkdown } from './markdown.js';

// Block view models: what each theme partial (`partials/blocks/<name>.block`) reads, made from a
// stored block. Pure (no I/O), so the server renders pages with them and the editor's preview
// renders the same markup in the browser. Blocks that need lookups (summary, calendar,
// newsletter) are finished by the server (`pages/blocks/block-views.ts`).

/** A block as the content model stores it. */
export interface BlockData {
  id?: string;
  type: number;
  /** e.g. 'grid' | 'slideshow' | 'carousel' | 'stacked' for galleries, 'poster' for images. */
  variant?: string;
  settings: Record<string, unknown>;
  content: Record<string, unknown>;
}

/** A section as the content model stores it. */
export interface SectionData {
  id?: string;
  /** e.g. `{ theme: 'light' | 'dark' | 'accent', width: 'narrow' | 'wide' | 'full' }`. */
  settings?: Record<string, unknown>;
  blocks: BlockData[];
}

/**
 * SPEC §3 block type code → the theme partial that renders it (`partials/blocks/<name>.block`).
 * One table for the whole site; a block whose code is not here renders nothing. An html block
 * with variant 'heading' uses the heading partial.
 */
export const BLOCK_PARTIALS: Readonly<Partial<Record<number, string>>> = Object.freeze({
  [BlockType.HTML]: 'html',
  [BlockType.MARKDOWN]: 'markdown',
  [BlockType.QUOTE]: 'quote',
  [BlockType.BUTTON]: 'button',
  [BlockType.SPACER]: 'spacer',
  [BlockType.HORIZONTAL_RULE]: 'horizontalrule',
  [BlockType.CODE]: 'code',
  [BlockType.EMBED]: 'embed',
  [BlockType.IMAGE]: 'image',
  [BlockType.GALLERY]: 'gallery',
  [BlockType.VIDEO]: 'video',
  [BlockType.AUDIO]: 'audio',
  [BlockType.ACCORDION]: 'accordion',
  [BlockType.MARQUEE]: 'marquee',
  [BlockType.SUMMARY]: 'summary',
  [BlockType.SUMMARY_V2]: 'summary',
  [BlockType.SOCIAL_LINKS]: 'socialaccountlinks',
  [BlockType.SOCIAL_ACCOUNT_LINKS]: 'socialaccountlinks',
  [BlockType.SOCIAL_ACCOUNT_LINKS_V2]: 'socialaccountlinks',
  [BlockType.MENU]: 'menu',
  [BlockType.MAP]: 'map',
  [BlockType.SEARCH]: 'search',
  [BlockType.CALENDAR]: 'calendar',
  [BlockType.NEWSLETTER]: 'newsletter',
  [BlockType.CHART]: 'chart',
  [BlockType.FORM]: 'form',
  [BlockType.LINK]: 'link',
  [BlockType.ALBUM]: 'album',
  [BlockType.TOUR_DATES]: 'tourdates',
  [BlockType.PRODUCT]: 'product',
  [BlockType.DONATION]: 'donation',
  [BlockType.ARCHIVE]: 'archive',
  [BlockType.TAG_CLOUD]: 'tagcloud',
  [BlockType.POSTS_BY_AUTHOR]: 'postsby',
  [BlockType.POSTS_BY_TAG]: 'postsby',
  [BlockType.POSTS_BY_CATEGORY]: 'postsby',
  [BlockType.POSTS_BY_MONTH]: 'postsby',
  [BlockType.RSS]: 'rss',
  [BlockType.MEMBER_AREA]: 'member-area',
});

export const HEADING_PARTIAL = 'heading';

export interface RenderedBlock {
  partial: string;
  view: Record<string, unknown>;
}

/** A stored string, or `fallback` for anything else. */
export function stringOr(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}
/** A stored finite number clamped to [min, max], or `fallback` for anything else. */
export function clampedNumber(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, min), max) : fallback;
}
const str = stringOr;
const num = clampedNumber;
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

function safeHref(url: unknown): string {
  const href = str(url).trim();
  return href && isSafeUrl(href) ? href : '#';
}

/** The image block's designs (its variant); inline when none. */
export const IMAGE_VARIANTS: readonly string[] = ['inline', 'poster', 'card', 'overlap', 'collage', 'stack'];
/** The picture's box per image variant; inline keeps the picture's own proportions. */
const VARIANT_RATIOS: Record<string, string> = {
  poster: '16 / 7',
  card: '4 / 3',
  overlap: '4 / 3',
  collage: '1 / 1',
  stack: '21 / 9',
};

/**
 * The id an inline form block's submissions are filed under when its content names none: `form-`
 * and the block's id (what the editor's form builder stores in `content.formId`), or its place on
 * the page for a block without an id. The server's forms area resolves the same id back to the block.
 */
export function blockFormId(block: Pick<BlockData, 'id'>, key: string): string {
  return `form-${typeof block.id === 'string' && block.id ? block.id : key}`;
}

/** Blocks that need no lookups (everything but summary, calendar and newsletter, which give undefined here). */
export function blockViewSync(block: BlockData, key: string): RenderedBlock | undefined {
  const partial =
    block.type === BlockType.HTML && block.variant === 'heading' ? HEADING_PARTIAL : BLOCK_PARTIALS[block.type];
  if (!partial) return undefined;
  const { content, settings } = block;
  const base = { blockId: `block-${key}`, blockType: block.type, variant: block.variant ?? '' };
  switch (partial) {
    case 'heading': {
      const level = num(content.level, 2, 1, 4);
      return { partial, view: { ...base, text: str(content.text), [`h${level}`]: true } };
    }
    case 'html':
      return { partial, view: { ...base, html: str(content.html) } };
    case 'markdown':
      return { partial, view: { ...base, html: renderMarkdown(str(content.markdown)) } };
    case 'quote':
      return { partial, view: { ...base, text: str(content.text), source: str(content.source) } };
    case 'button':
      return {
        partial,
        view: {
          ...base,
          label: str(content.label, 'Learn more'),
          url: safeHref(content.url),
          style: str(settings.style) === 'secondary' ? 'secondary' : 'primary',
          size: str(settings.size) === 'large' ? 'large' : 'medium',
          newWindow: settings.newWindow === true,
        },
      };
    case 'spacer':
      return { partial, view: { ...base, height: num(settings.height, 24, 0, 400) } };
    case 'horizontalrule':
      return { partial, view: base };
    case 'code':
      return { partial, view: { ...base, code: str(content.code), language: str(content.language, 'text') } };
    case 'embed': {
      // Never the stored HTML: outside scripts do not run here. A plain link to the source,
      // and a sandboxed frame (no scripts, no same-origin) only for https sources.
      const url = safeHref(content.url);
      return {
        partial,
        view: {
          ...base,
          url,
          title: str(content.title, url),
          // Stored embed HTML only ever runs inside a sandbox with every permission off (no scripts).
          srcdoc: str(content.html),
        },
      };
    }
    case 'image': {
      const variant = (IMAGE_VARIANTS as readonly string[]).includes(block.variant ?? '') ? block.variant! : 'inline';
      const sizes = variant === 'inline' ? '(max-width: 432px) 100vw, 760px' : '(max-width: 432px) 100vw, 50vw';
      const image = imageView(content.image, variant === 'inline' ? 1000 : 750, sizes);
      if (!image) return undefined;
      const button = content.button as { label?: unknown; url?: unknown } | undefined;
      return {
        partial,
        view: {
          ...base,
          variant,
          image: { ...image, ratio: VARIANT_RATIOS[variant] ?? image.ratio },
          caption: str(content.caption),
          title: str(content.title),
          text: str(content.text),
          button: button ? { label: str(button.label, 'Learn more'), url: safeHref(button.url) } : null,
        },
      };
    }
    case 'gallery':
      return { partial, view: { ...base, ...galleryView(block, key) } };
    case 'video': {
      const showThumb = Boolean(content.mainImageId || content.systemDataId);
      const image = showThumb ? imageView(content.image, 1000, '(max-width: 432px) 100vw, 760px') : undefined;
      return {
        partial,
        view: {
          ...base,
          url: safeHref(content.url),
          title: str(content.title, 'Video'),
          providerName: str(content.providerName),
          overlay: content.overlay !== false,
          image: image ?? null,
          noThumb: !image,
        },
      };
    }
    case 'audio':
      return {
        partial,
        view: { ...base, url: safeHref(content.url), title: str(content.title, 'Audio'), author: str(content.author) },
      };
    case 'accordion':
      return {
        partial,
        view: {
          ...base,
          items: list(content.items).map((item, i) => ({
            title: str(item.title),
            html: str(item.html),
            open: i === 0 && settings.openFirst === true,
          })),
        },
      };
    case 'marquee': {
      const items = (Array.isArray(content.items) ? content.items : [])
        .filter((t): t is string => typeof t === 'string')
        .map((text) => ({ text }));
      const speed = num(settings.speed, 30, 5, 120);
      // The row repeats once so the loop has no gap; the copy is hidden from assistive technology.
      return {
        partial,
        view: { ...base, items, repeat: items, duration: `${speed}s`, label: items.map((i) => i.text).join(', ') },
      };
    }
    case 'menu':
      return {
        partial,
        view: {
          ...base,
          title: str(content.title),
          menus: list(content.menus).map((menu) => ({
            title: str(menu.title),
            items: list(menu.items).map((item) => ({
              name: str(item.name),
              price: str(item.price),
              description: str(item.description),
            })),
          })),
        },
      };
    case 'map': {
      const lat = num(content.lat, Number.NaN, -90, 90);
      const lng = num(content.lng, Number.NaN, -180, 180);
      const address = [content.addressLine1, content.addressLine2, content.addressCountry]
        .map((v) => str(v))
        .filter(Boolean);
      const query = encodeURIComponent([str(content.name), ...address].filter(Boolean).join(', '));
      const hasPoint = Number.isFinite(lat) && Number.isFinite(lng);
      return {
        partial,
        view: {
          ...base,
          name: str(content.name),
          address: address.map((line) => ({ line })),
          mapSvg: staticMapSvg(str(content.name)),
          osmUrl: hasPoint
            ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${num(settings.zoom, 15, 1, 19)}/${lat}/${lng}`
            : `https://www.openstreetmap.org/search?query=${query}`,
        },
      };
    }
    case 'search':
      return { partial, view: { ...base, placeholder: str(content.placeholder, 'Search') } };
    case 'chart': {
      // A chart without a whole dataset draws nothing (the editor's preview shows its placeholder).
      const chart = chartView(content, block.variant);
      return chart.hasData ? { partial, view: { ...base, ...chart } } : undefined;
    }
    case 'form': {
      const definition = formBlockDefinition(content, blockFormId(block, key));
      return definition.fields.length > 0 ? { partial, view: { ...base, form: formBlockView(definition) } } : undefined;
    }
    default: {
      // Blocks with their own view file (`block-view-table.ts`).
      const view = PURE_BLOCK_VIEWS[partial]?.(block, base);
      return view ? { partial, view } : undefined;
    }
  }
}

/** A calm, generated "map" picture (streets and a pin): no tiles, no outside requests. */
function staticMapSvg(label: string): string {
  const title = escapeHtml(label || 'Map');
  return `<svg class="map-block__svg" viewBox="0 0 600 300" role="img" aria-label="Map: ${title}" xmlns="http://www.w3.org/2000/svg"><rect width="600" height="300" fill="#eef0ea"/><path d="M0 210 L600 160" stroke="#fff" stroke-width="18"/><path d="M160 0 L230 300" stroke="#fff" stroke-width="14"/><path d="M420 0 L380 300" stroke="#fff" stroke-width="10"/><path d="M0 90 C150 120 300 60 600 80" stroke="#fff" stroke-width="8" fill="none"/><rect x="260" y="40" width="90" height="60" rx="6" fill="#dfe6d6"/><path d="M440 220 q40 -30 110 -10 v60 h-120 z" fill="#d6e3ec"/><circle cx="300" cy="150" r="9" fill="#b4532a"/><path d="M300 150 m-16 -18 a16 16 0 1 1 32 0 c0 12 -16 26 -16 26 s-16 -14 -16 -26z" fill="#b4532a" transform="translate(0 -14)"/></svg>`;
}

export interface SectionView {
  settings: Record<string, unknown>;
  className: string;
  background: ImageView | null;
  blocks: RenderedBlock[];
}

export function sectionShell(section: SectionData, blocks: RenderedBlock[]): SectionView {
  const settings = section.settings ?? {};
  const theme = ['light', 'dark', 'accent'].includes(str(settings.theme)) ? str(settings.theme) : 'plain';
  const width = ['narrow', 'wide', 'full'].includes(str(settings.width)) ? str(settings.width) : 'wide';
  const layout = str(settings.layout) === 'hero' ? 'hero' : 'flow';
  return {
    settings,
    className: `page-section page-section--${theme} page-section--${width} page-section--${layout}`,
    background: imageView(settings.background, 2500, '100vw') ?? null,
    blocks,
  };
}

/** Sections with their blocks' views, without lookups: summary, calendar and newsletter blocks are left out. */
export function sectionViewsSync(sections: SectionData[]): SectionView[] {
  return sections.map((section, s) =>
    sectionShell(
      section,
      section.blocks
        .map((block, b) => blockViewSync(block, `${s + 1}-${b + 1}`))
        .filter((v): v is RenderedBlock => v !== undefined),
    ),
  );
}
