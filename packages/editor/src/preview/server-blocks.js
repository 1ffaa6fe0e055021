// The server's block views and section markup, used as they are so the preview matches what
// visitors get. They are pure (no I/O); the bundler resolves the TypeScript sources.
export { blockViewSync, sectionViewsSync } from '../../../server/src/pages/blocks/block-views.ts';
export { renderSectionsHtml } from '../../../server/src/pages/sections.ts';
