import type { FastifyBaseLogger } from 'fastify';
import type { SectionView } from './blocks/block-views.js';
import { escapeHtml } from './blocks/markdown.js';
import type { RenderSettings, Theme } from './theme.js';

/**
 * Sections to HTML: each block through its partial (`partials/blocks/<name>.block`), each section
 * a `<section>` with an optional background picture (hero layout) behind its blocks.
 */
export function renderSectionsHtml(
  theme: Theme,
  sections: SectionView[],
  settings: RenderSettings,
  log?: FastifyBaseLogger,
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
