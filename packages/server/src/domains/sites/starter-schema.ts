import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_FIELD_TYPES } from '@tessera/core';
import { z } from 'zod';
import { SCENES } from './starter-kit/scenes.js';
import { SEED_BLOCKS } from './starter-kit/seed-blocks.js';
import { SHAPES, type SeedShape } from './starter-kit/seed-shapes.js';
import { REPO_ROOT } from '../../repo-paths.js';

// Starter templates (issue 19) are data: `packages/server/templates/starters/<name>.json`, checked
// here with zod before anything is written. Blocks are named (`"block": "heading"`) instead of by
// SPEC code, and three placeholders are resolved when a site is created (starter-site.ts):
// `{ "$scene": "harbour.jpg", …extra }` → a generated picture's image asset, `{ "$form": "contact" }`
// → the site's own form id, and `{{siteTitle}}` inside any text → the site's title.

export const STARTERS_DIR = join(REPO_ROOT, 'packages/server/templates/starters');

/** The starter templates a site can be created from (`demo` is the seeded demo, not a data file). */
export const STARTER_NAMES = ['blank', 'shop', 'portfolio', 'blog'] as const;
export type StarterName = (typeof STARTER_NAMES)[number];

/**
 * The blocks a template may name, with their SPEC §3 type codes (`starter-kit/seed-blocks.ts`; the demo's own
 * data also names code, video, audio, embed and calendar blocks).
 */
export const STARTER_BLOCKS: Readonly<Record<string, { type: number; variant?: string }>> = Object.freeze(
  Object.fromEntries(
    Object.entries(SEED_BLOCKS).filter(([name]) => !['code', 'video', 'audio', 'embed', 'calendar'].includes(name)),
  ),
);

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a lower-case slug (letters, digits, dashes)');
const words = (max: number) => z.string().trim().min(1).max(max);
const record = z.record(z.string(), z.unknown());
const hex = z.string().regex(/^[0-9a-f]{6}$/, 'a colour as six hex digits');
const sceneName = z.enum(SCENES.map((s) => s.name) as [string, ...string[]]);

const block = z.strictObject({
  block: z.enum(Object.keys(STARTER_BLOCKS) as [string, ...string[]]),
  variant: z.string().max(32).optional(),
  settings: record.default({}),
  content: record.default({}),
});

const section = z.strictObject({ settings: record.optional(), blocks: z.array(block).min(1).max(40) });

const collection = z.strictObject({
  slug,
  title: words(80),
  kind: z.enum(['page', 'products', 'blog', 'gallery']),
  navVisible: z.boolean(),
  description: z.string().max(2000).default(''),
  settings: record.default({}),
  sections: z.array(section).max(30).default([]),
});

const productImage = z.strictObject({
  name: z.string().regex(/^[a-z0-9-]+\.jpg$/, 'a file name such as starter-shop-mug.jpg'),
  alt: words(200),
  shape: z.enum(Object.keys(SHAPES) as [SeedShape, ...SeedShape[]]),
  from: hex,
  to: hex,
});

const variant = z.strictObject({
  sku: z.string().trim().min(1).max(64),
  attributes: z.record(z.string(), z.string()).default({}),
  /** Integer cents of the site's currency. */
  price: z.number().int().min(0).max(100_000_000),
  salePrice: z.number().int().min(0).max(100_000_000).optional(),
  onSale: z.boolean().optional(),
  /** Units in stock; left out: unlimited. */
  stock: z.number().int().min(0).max(1_000_000).optional(),
});

const product = z.strictObject({
  collection: slug,
  urlId: slug,
  title: words(200),
  excerpt: z.string().max(1000),
  body: z.string().max(20_000),
  productType: z.enum(['physical', 'digital', 'service']),
  options: z.array(words(40)).max(3).default([]),
  variants: z.array(variant).min(1).max(50),
  images: z.array(productImage).min(1).max(10),
});

const post = z.strictObject({
  collection: slug,
  urlId: slug,
  title: words(200),
  excerpt: z.string().max(1000),
  paragraphs: z.array(words(4000)).min(1).max(40),
  /** Published this many days before the site is created. */
  daysAgo: z.number().int().min(0).max(3650),
  author: words(80),
  tags: z.array(words(40)).max(10).default([]),
  categories: z.array(words(40)).max(5).default([]),
  image: sceneName.optional(),
});

const form = z.strictObject({
  key: slug,
  kind: z.enum(['contact', 'newsletter']),
  name: words(80),
  submitButtonText: words(40),
  submissionMessage: words(500),
  disclaimer: z.string().max(500).optional(),
  fields: z
    .array(
      z.looseObject({
        id: slug,
        type: z.enum(FORM_FIELD_TYPES as unknown as [string, ...string[]]),
        title: words(120),
      }),
    )
    .min(1)
    .max(30),
});

export const starterSchema = z
  .strictObject({
    name: z.enum(STARTER_NAMES),
    /** What the setup page and the CLI call it. */
    label: words(60),
    summary: words(200),
    /** The site title when the creator gives none. */
    title: words(120),
    settings: z.strictObject({ website: record.default({}), store: record.default({}) }).default({
      website: {},
      store: {},
    }),
    collections: z.array(collection).min(1).max(30),
    products: z.array(product).max(100).default([]),
    posts: z.array(post).max(100).default([]),
    forms: z.array(form).max(10).default([]),
  })
  .superRefine((starter, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    const kinds = new Map<string, string>();
    for (const c of starter.collections) {
      if (kinds.has(c.slug)) problem(`Two collections use the slug "${c.slug}".`);
      kinds.set(c.slug, c.kind);
    }
    if (kinds.get('home') !== 'page') problem('A starter needs a "home" page.');
    const seen = new Set<string>();
    for (const p of starter.products) {
      if (kinds.get(p.collection) !== 'products')
        problem(`Product "${p.urlId}": "${p.collection}" is no products page.`);
      if (seen.has(p.urlId)) problem(`Two products use the URL "${p.urlId}".`);
      seen.add(p.urlId);
      if (new Set(p.variants.map((v) => v.sku)).size !== p.variants.length)
        problem(`Product "${p.urlId}": SKUs repeat.`);
      for (const v of p.variants) {
        const keys = Object.keys(v.attributes).sort().join('|');
        if (keys !== [...p.options].sort().join('|'))
          problem(`Variant ${v.sku}: its attributes must name the options.`);
      }
    }
    for (const p of starter.posts) {
      if (kinds.get(p.collection) !== 'blog') problem(`Post "${p.urlId}": "${p.collection}" is no blog.`);
    }
    const formKeys = new Set(starter.forms.map((f) => f.key));
    const check = (value: unknown, where: string): void => {
      if (Array.isArray(value)) {
        for (const v of value) check(v, where);
        return;
      }
      if (!value || typeof value !== 'object') return;
      const object = value as Record<string, unknown>;
      if ('$scene' in object && !SCENES.some((s) => s.name === object.$scene)) {
        problem(`${where}: no picture is called "${String(object.$scene)}".`);
      }
      if ('$form' in object && typeof object.$form !== 'string') problem(`${where}: "$form" names a form key.`);
      if (object.block === 'newsletter') {
        const key = (object.content as Record<string, unknown> | undefined)?.formId as { $form?: unknown } | undefined;
        if (!key || typeof key.$form !== 'string' || !formKeys.has(key.$form)) {
          problem(`${where}: a newsletter block needs "formId": { "$form": <a key of "forms"> }.`);
        }
      }
      for (const v of Object.values(object)) check(v, where);
    };
    for (const c of starter.collections) check(c.sections, `Page "${c.slug}"`);
    check(starter.settings, 'Settings');
  });

export type Starter = z.infer<typeof starterSchema>;
export type StarterProduct = Starter['products'][number];
export type StarterPost = Starter['posts'][number];

/** Why a starter file could not be used: its path and the first problems zod found. */
export class StarterInvalidError extends Error {}

/** Reads and checks a starter template file (by name from STARTERS_DIR, or a path for tests). */
export function loadStarter(name: StarterName, dir = STARTERS_DIR): Starter {
  const file = join(dir, `${name}.json`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StarterInvalidError(`The starter template ${file} is unreadable: ${(error as Error).message}`);
  }
  const parsed = starterSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
      .join('; ');
    throw new StarterInvalidError(`The starter template ${file} is invalid: ${issues}`);
  }
  if (parsed.data.name !== name)
    throw new StarterInvalidError(`The starter template ${file} names itself "${parsed.data.name}".`);
  return parsed.data;
}

export function isStarterName(value: string): value is StarterName {
  return (STARTER_NAMES as readonly string[]).includes(value);
}
