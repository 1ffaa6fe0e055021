import { compile, render, type Template } from '@tessera/jsont';
import type { Block, PageDoc } from '../model/document.js';
import { blockLabel } from '../model/document.js';
import { blockViewSync, type PartialRenderer, renderSectionsHtml, sectionViewsSync } from './server-blocks.js';

export interface ThemeSource {
  templates: Record<string, string>;
  partials: Record<string, string>;
}

export interface PreviewContext {
  template: string;
  settings: { locale: string; timeZone: string };
  context: Record<string, unknown>;
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
    return render(template, context, { partials: this.partials, locale: settings.locale, timeZone: settings.timeZone })
      .output;
  }

  /** The sections' HTML as the server renders it, each block wrapped with its place. */
  sectionsHtml(doc: PageDoc, settings: PreviewContext['settings']): string {
    // Blocks that need server lookups (summary, calendar, newsletter) or have no partial are shown as a
    // labelled placeholder so they can still be selected; visitors get the server's rendering.
    const sections = doc.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block, b) => (blockViewSync(block, `0-${b}`) ? block : placeholderBlock(block))),
    }));
    const views = sectionViewsSync(sections);
    const adapter: PartialRenderer = {
      renderPartial: (name, context, s) => {
        const html = this.run(`partial:${name}`, this.partials[name], context, s);
        const blockId = String((context as { blockId?: unknown }).blockId ?? '');
        return {
          html: `<div data-tessera-block="${escapeText(blockId)}" style="display:contents">${html}</div>`,
          errors: [],
        };
      },
    };
    return renderSectionsHtml(adapter, views, settings);
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
