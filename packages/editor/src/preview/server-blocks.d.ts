// Types of `server-blocks.js` (the server's pure block-view and section modules).
export interface RenderedBlock {
  partial: string;
  view: Record<string, unknown>;
}
export interface SectionView {
  settings: Record<string, unknown>;
  className: string;
  background: unknown;
  blocks: RenderedBlock[];
}
export interface PartialRenderer {
  renderPartial(
    name: string,
    context: unknown,
    settings: { locale: string; timeZone: string; now?: number },
  ): { html: string; errors: unknown[] };
}
export function blockViewSync(block: unknown, key: string): RenderedBlock | undefined;
export function sectionViewsSync(sections: unknown[]): SectionView[];
export function renderSectionsHtml(
  theme: PartialRenderer,
  sections: SectionView[],
  settings: { locale: string; timeZone: string },
): string;
