import {
  BLOCK_PARTIALS,
  blockViewSync,
  CLOCK_BLOCK_VIEWS,
  type PartialRenderer,
  type RenderedBlock,
  renderSectionsHtml,
  sectionShell,
} from '@tessera/core';
import type { PreviewContext, ThemeSource } from '@tessera/core/contracts/pages';
import { compile, render, type Template } from '@tessera/jsont';
import type { Block, PageDoc } from '../model/document.js';
import { blockLabel } from '../model/document.js';
import { browserCldr } from './cldr-browser.js';

export interface SectionsRender {
  html: string;
  blocks: Record<string, string>;
  structure: string;
}

/** Marks the spot in the page where the editor writes the sections, so edits replace only them. */
export const SECTIONS_MARK = 'data-tessera-sections';

const escapeText = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Renders pages in the browser with the theme's own templates and the template engine the server
 * runs: the whole page once (layout + content-page), then only the sections on every edit.
 * Each block is wrapped in a `display: contents` element naming its place, for selection.
 */
export class PreviewRenderer {
  private readonly compiled = new Map<string, Template>();
  private readonly partials: Readonly<Record<string, string>>;

  constructor(private readonly theme: ThemeSource) {
    this.partials = Object.freeze({ ...theme.partials });
  }

  private template(key: string, source: string | undefined): Template | undefined {
    if (source === undefined) return undefined;
    let template = this.compiled.get(key);
    if (!template) {
      template = compile(source).template;
      this.compiled.set(key, template);
    }
    return template;
  }

  private run(key: string, source: string | undefined, context: unknown, settings: PreviewContext['settings']): string {
    const template = this.template(key, source);
    if (!template) return '';
    return render(template, context, {
      partials: this.partials,
      locale: settings.locale,
      timeZone: settings.timeZone,
      cldr: browserCldr,
    }).output;
  }

  /** Rendered partials by partial name and view, so unchanged blocks are not rendered again. */
  private readonly partialCache = new Map<string, string>();

  /** The sections' HTML as the server renders it, each block wrapped with its place. */
  sectionsHtml(doc: PageDoc, settings: PreviewContext['settings']): string {
    return this.sections(doc, settings).html;
  }

  /**
   * The sections' HTML, plus each block's inner HTML by its place (`block-1-2`) and a key that
   * changes whenever the wrappers would move (sections, their settings, block counts): when the key
   * is unchanged, the canvas replaces only the blocks whose HTML changed.
   */
  sections(doc: PageDoc, settings: PreviewContext['settings']): SectionsRender {
    // Blocks that need server lookups (summary, calendar, newsletter) or have no partial are shown as a
    // labelled placeholder so they can still be selected; visitors get the server's rendering.
    // Blocks that depend on the day (tour dates) are drawn with the browser's clock.
    const views = doc.sections.map((section, s) =>
      sectionShell(
        section,
        section.blocks
          .map((block, b) => previewView(block, `${s + 1}-${b + 1}`, settings))
          .filter((v): v is RenderedBlock => v !== undefined),
      ),
    );
    const blocks: Record<string, string> = {};
    if (this.partialCache.size > 2000) this.partialCache.clear();
    const adapter: PartialRenderer = {
      renderPartial: (name, context, s) => {
        const cacheKey = `${name}\u0000${s.locale}\u0000${s.timeZone}\u0000${JSON.stringify(context)}`;
        let html = this.partialCache.get(cacheKey);
        if (html === undefined) {
          html = this.run(`partial:${name}`, this.partials[name], context, s);
          this.partialCache.set(cacheKey, html);
        }
        const blockId = String((context as { blockId?: unknown }).blockId ?? '');
        blocks[blockId] = html;
        return {
          html: `<div data-tessera-block="${escapeText(blockId)}" style="display:contents">${html}</div>`,
          errors: [],
        };
      },
    };
    const html = renderSectionsHtml(adapter, views, settings);
    const structure = doc.sections
      .map((section) => `${section.id}:${JSON.stringify(section.settings)}:${section.blocks.length}`)
      .join('|');
    return { html, blocks, structure };
  }

  /** One block's inner HTML (its partial), through the same cache as `sections`. */
  private blockHtml(block: Block, key: string, settings: PreviewContext['settings']): string {
    const rendered = previewView(block, key, settings);
    if (!rendered) return '';
    const name = `blocks/${rendered.partial}.block`;
    const cacheKey = `${name}\u0000${settings.locale}\u0000${settings.timeZone}\u0000${JSON.stringify(rendered.view)}`;
    let html = this.partialCache.get(cacheKey);
    if (html === undefined) {
      html = this.run(`partial:${name}`, this.partials[name], rendered.view, settings);
      this.partialCache.set(cacheKey, html);
    }
    return html;
  }

  /**
   * The keystroke path: when `doc` has the same sections, settings and blocks in the same places as
   * `before` (an edit inside blocks), only the blocks that are new objects (the document is immutable,
   * so an unchanged block is the same object) are rendered, by place; `also` names places to render
   * anyway. Undefined when the layout changed: then the sections are rendered whole (`sections`).
   */
  changedBlocks(
    doc: PageDoc,
    before: PageDoc,
    settings: PreviewContext['settings'],
    also: Iterable<string> = [],
  ): Record<string, string> | undefined {
    if (doc.sections.length !== before.sections.length) return undefined;
    const changed: Record<string, string> = {};
    const wanted = new Set(also);
    for (const [s, section] of doc.sections.entries()) {
      const old = before.sections[s];
      if (!old || old.id !== section.id || old.settings !== section.settings) return undefined;
      if (old.blocks.length !== section.blocks.length) return undefined;
      if (old === section && wanted.size === 0) continue;
      for (const [b, block] of section.blocks.entries()) {
        const key = `${s + 1}-${b + 1}`;
        if (old.blocks[b]?.id !== block.id) return undefined;
        if (old.blocks[b] !== block || wanted.has(`block-${key}`))
          changed[`block-${key}`] = this.blockHtml(block, key, settings);
      }
    }
    return changed;
  }

  /** The whole page: the page template inside the layout, with an empty sections mark. */
  pageHtml(preview: PreviewContext): string {
    const { context, settings } = preview;
    const page = (context.page ?? {}) as Record<string, unknown>;
    const withMark = {
      ...context,
      page: { ...page, sectionsHtml: `<div ${SECTIONS_MARK} style="display:contents"></div>` },
    };
    const main = this.run(preview.template, this.theme.templates[preview.template], withMark, settings);
    return this.run(
      'layout',
      this.theme.templates.layout,
      { ...withMark, page: { ...withMark.page, mainContent: main } },
      settings,
    );
  }
}

/** A block's view in the preview: its own, a day-dependent one with the browser's clock, else a placeholder. */
function previewView(block: Block, key: string, settings: PreviewContext['settings']): RenderedBlock | undefined {
  const own = blockViewSync(block, key);
  if (own) return own;
  const partial = BLOCK_PARTIALS[block.type];
  const clock = partial && Object.hasOwn(CLOCK_BLOCK_VIEWS, partial) ? CLOCK_BLOCK_VIEWS[partial] : undefined;
  if (partial && clock) {
    const base = { blockId: `block-${key}`, blockType: block.type, variant: block.variant ?? '' };
    return { partial, view: clock(block, base, { now: new Date(), ...settings }) };
  }
  return blockViewSync(placeholderBlock(block), key);
}

function placeholderBlock(block: Block): Block {
  return {
    ...block,
    type: 2,
    variant: undefined,
    content: {
      html: `<div class="tessera-editor-placeholder" style="border:1px dashed #8a8f98;padding:16px;text-align:center;color:#4b5058;font:14px system-ui">${escapeText(blockLabel(block))} block (shown on the live site as the server renders it)</div>`,
    },
  };
}

/** The block id the server's views give the block at (section, index): `block-<s+1>-<b+1>`. */
export function blockDomId(section: number, index: number): string {
  return `block-${section + 1}-${index + 1}`;
}
