import { BlockType } from '@tessera/core';
import { SAMPLE_DATASET } from '@tessera/core/editor';

/** A block as the content model stores it (server `content/site-content.ts`). */
export interface Block {
  id: string;
  type: number;
  variant?: string;
  settings: Record<string, unknown>;
  content: Record<string, unknown>;
}

export interface Section {
  id: string;
  settings: Record<string, unknown>;
  blocks: Block[];
}

/** What the editor edits: the draft sections of one page. */
export interface PageDoc {
  sections: Section[];
}

let counter = 0;
/** A short id, unique within a page: blocks and sections keep it across moves so selection follows them. */
export function localId(prefix: string): string {
  counter = (counter + 1) % 1_000_000;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Stored sections from the server, with ids filled in for those that have none. */
export function normalizeDoc(sections: unknown): PageDoc {
  const list = Array.isArray(sections) ? sections : [];
  return {
    sections: list.map((raw) => {
      const s = (raw ?? {}) as Partial<Section>;
      return {
        id: typeof s.id === 'string' ? s.id : localId('s'),
        settings: s.settings && typeof s.settings === 'object' ? s.settings : {},
        blocks: (Array.isArray(s.blocks) ? s.blocks : []).map((b) => {
          const block = (b ?? {}) as Partial<Block>;
          return {
            ...block,
            id: typeof block.id === 'string' ? block.id : localId('b'),
            type: Number(block.type) || BlockType.HTML,
            settings: block.settings && typeof block.settings === 'object' ? block.settings : {},
            content: block.content && typeof block.content === 'object' ? block.content : {},
          } as Block;
        }),
      };
    }),
  };
}

/** A block kind the add-block menu offers: its label, type code, variant and starting content. */
export interface BlockKind {
  key: string;
  label: string;
  type: number;
  variant?: string;
  settings?: Record<string, unknown>;
  content: Record<string, unknown>;
}

const IMAGE_PLACEHOLDER = {
  assetUrl: '/theme/favicon.svg',
  originalSize: '1000x750',
  altText: '',
  mediaFocalPoint: { x: 0.5, y: 0.5 },
};

/** Every block the editor can add. The SPEC §9 promoted types come first in the menu (`ui/AddBlockMenu.tsx`). */
export const BLOCK_KINDS: readonly BlockKind[] = [
  { key: 'text', label: 'Text', type: BlockType.HTML, content: { html: '<p>Write something here.</p>' } },
  {
    key: 'heading',
    label: 'Heading',
    type: BlockType.HTML,
    variant: 'heading',
    content: { text: 'A new heading', level: 2 },
  },
  {
    key: 'image',
    label: 'Image',
    type: BlockType.IMAGE,
    variant: 'inline',
    content: { image: IMAGE_PLACEHOLDER, caption: '' },
  },
  {
    key: 'button',
    label: 'Button',
    type: BlockType.BUTTON,
    settings: { style: 'primary', size: 'medium' },
    content: { label: 'Learn more', url: '/' },
  },
  { key: 'quote', label: 'Quote', type: BlockType.QUOTE, content: { text: 'A memorable line.', source: '' } },
  { key: 'spacer', label: 'Spacer', type: BlockType.SPACER, settings: { height: 48 }, content: {} },
  { key: 'markdown', label: 'Markdown', type: BlockType.MARKDOWN, content: { markdown: '## Heading\n\nSome *text*.' } },
  { key: 'code', label: 'Code', type: BlockType.CODE, content: { code: 'console.log("hello");', language: 'js' } },
  {
    key: 'gallery',
    label: 'Gallery',
    type: BlockType.GALLERY,
    variant: 'grid',
    settings: { design: 'grid' },
    content: { images: [] },
  },
  {
    key: 'map',
    label: 'Map',
    type: BlockType.MAP,
    settings: { zoom: 15 },
    content: { name: 'Our shop', addressLine1: '' },
  },
  {
    key: 'embed',
    label: 'Embed',
    type: BlockType.EMBED,
    content: { url: 'https://example.com', title: 'Embedded page' },
  },
  {
    key: 'video',
    label: 'Video',
    type: BlockType.VIDEO,
    content: { url: 'https://example.com/video', title: 'Video' },
  },
  { key: 'twitter', label: 'Twitter', type: BlockType.TWITTER, content: {} },
  {
    key: 'link',
    label: 'Link',
    type: BlockType.LINK,
    content: { title: 'Read more', url: '/', description: '' },
  },
  { key: 'foursquare', label: 'Foursquare', type: BlockType.FOURSQUARE, content: {} },
  { key: 'instagram', label: 'Instagram', type: BlockType.INSTAGRAM, content: {} },
  { key: 'form', label: 'Form', type: BlockType.FORM, content: { formId: '' } },
  { key: 'line', label: 'Line', type: BlockType.HORIZONTAL_RULE, content: {} },
  {
    key: 'accordion',
    label: 'Accordion',
    type: BlockType.ACCORDION,
    content: { items: [{ title: 'Question', html: '<p>Answer</p>' }] },
  },
  {
    key: 'marquee',
    label: 'Marquee',
    type: BlockType.MARQUEE,
    settings: { speed: 30 },
    content: { items: ['Hello', 'World'] },
  },
  {
    key: 'summary',
    label: 'Summary',
    type: BlockType.SUMMARY_V2,
    variant: 'grid',
    content: { collection: 'shop', limit: 4 },
  },
  {
    key: 'chart',
    label: 'Chart',
    type: BlockType.CHART,
    variant: 'bar',
    content: { title: '', dataset: structuredClone(SAMPLE_DATASET) },
  },
  { key: 'newsletter', label: 'Newsletter', type: BlockType.NEWSLETTER, content: { formId: '' } },
  {
    key: 'donation',
    label: 'Donation',
    type: BlockType.DONATION,
    content: {
      title: 'Support us',
      description: '',
      suggestedCents: [1000, 2500, 5000],
      minimumCents: 500,
      allowCustom: true,
      intervals: ['once', 'month', 'year'],
      buttonLabel: 'Donate',
    },
  },
  { key: 'product', label: 'Product', type: BlockType.PRODUCT, content: { productId: '', buttonLabel: '' } },
  {
    key: 'album',
    label: 'Album',
    type: BlockType.ALBUM,
    content: { title: 'New album', artist: '', tracks: [{ title: 'Track one', url: '', duration: '' }] },
  },
  {
    key: 'tourdates',
    label: 'Tour dates',
    type: BlockType.TOUR_DATES,
    content: { title: 'Tour dates', dates: [] },
  },
  {
    key: 'sociallinks',
    label: 'Social links',
    type: BlockType.SOCIAL_LINKS,
    content: { links: [{ url: 'https://www.instagram.com/', label: '' }] },
  },
  { key: 'archive', label: 'Archive', type: BlockType.ARCHIVE, content: { collection: 'blog', groupBy: 'month' } },
  { key: 'tagcloud', label: 'Tag cloud', type: BlockType.TAG_CLOUD, content: { collection: 'blog', kind: 'tag' } },
  {
    key: 'postsbyauthor',
    label: 'Posts by author',
    type: BlockType.POSTS_BY_AUTHOR,
    content: { collection: 'blog', value: '', limit: 5 },
  },
  {
    key: 'postsbytag',
    label: 'Posts by tag',
    type: BlockType.POSTS_BY_TAG,
    content: { collection: 'blog', value: '', limit: 5 },
  },
  {
    key: 'postsbycategory',
    label: 'Posts by category',
    type: BlockType.POSTS_BY_CATEGORY,
    content: { collection: 'blog', value: '', limit: 5 },
  },
  {
    key: 'postsbymonth',
    label: 'Posts by month',
    type: BlockType.POSTS_BY_MONTH,
    content: { collection: 'blog', value: '', limit: 5 },
  },
  { key: 'rss', label: 'RSS feed', type: BlockType.RSS, content: { url: '/blog', limit: 5 } },
  {
    key: 'member-area',
    label: 'Member area',
    type: BlockType.MEMBER_AREA,
    content: { areaId: '', title: 'Become a member', text: '', buttonLabel: '' },
  },
];

export function newBlock(kind: BlockKind): Block {
  return {
    id: localId('b'),
    type: kind.type,
    ...(kind.variant ? { variant: kind.variant } : {}),
    settings: structuredClone(kind.settings ?? {}),
    content: structuredClone(kind.content),
  };
}

export function newSection(): Section {
  return { id: localId('s'), settings: {}, blocks: [] };
}

/** The label of a block for outlines, menus and announcements. */
export function blockLabel(block: Block): string {
  const kind =
    BLOCK_KINDS.find((k) => k.type === block.type && (k.variant === 'heading') === (block.variant === 'heading')) ??
    BLOCK_KINDS.find((k) => k.type === block.type);
  return kind?.label ?? `Block ${block.type}`;
}
