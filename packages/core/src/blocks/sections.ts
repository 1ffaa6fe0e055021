import type { SectionView } from './block-views.js';
import { escapeHtml } from './markdown.js';

/** Locale and time zone a partial renders with. */
export interface PartialSettings {
  readonly locale: string;
  readonly timeZone: string;
  readonly now?: number;
}

/** What renders a theme partial: the server's theme, or the editor's preview renderer. */
export interface PartialRenderer {
  renderPartial(
    name: string,
    context: unknown,
    settings: PartialSettings,
  ): { html: string; errors: readonly unknown[] };
}

/** Where template errors of a block are reported (the server's request log). */
export interface BlockRenderLog {
  warn(details: object, message: string): void;
}

/**
 * Sections to HTML: each block through its partial (`partials/blocks/<name>.block`), each section
 * a `<section>` with an optional background picture (hero layout) behind its blocks.
 */
export function renderSectionsHtml(
  theme: PartialRenderer,
  sections: SectionView[],
  settings: PartialSettings,
  log?: BlockRenderLog,
): string {
  const out: string[] = [];
  for (const [index, section] of sections.entries()) {
    const blocks: string[] = [];
    for (const block of section.blocks) {
      const rendered = theme.renderPartial(`blocks/${block.partial}.block`, block.view, settings);
      if (rendered.errors.length > 0)
        log?.warn({ partial: block.partial, errors: rendered.errors }, 'block render errors');
      blocks.push(rendered.html);
    }
    const bg = section.background;
    // The first hero picture is the page's largest paint: load it eagerly, at high priority.
    const eager = index === 0;
    const background = bg
      ? `<div class="page-section__background"><img src="${escapeHtml(bg.src)}" srcset="${escapeHtml(bg.srcset)}" sizes="100vw" width="${bg.width}" height="${bg.height}" alt="" ${eager ? 'fetchpriority="high"' : 'loading="lazy"'} decoding="async" style="object-position:${escapeHtml(bg.objectPosition)}"></div>`
      : '';
    out.push(
      `<section class="${escapeHtml(section.className)}">${background}<div class="page-section__inner">${blocks.join('\n')}</div></section>`,
    );
  }
  return out.join('\n');
}
