import { albumView } from './album-view.js';
import type { BlockData } from './block-views.js';
import { linkView, socialLinksView } from './link-views.js';
import { memberAreaView } from './member-area-view.js';
import { type TourDatesPolicy, tourDatesView } from './tour-dates.js';
import type { BlockViewBase } from './view-values.js';

// Block views kept out of `block-views.ts`, by partial name: one entry per block kind, so a new
// block is a file and a line here rather than another branch of a switch.

export type PureBlockView = (block: BlockData, base: BlockViewBase) => Record<string, unknown> | undefined;
export type ClockBlockView = (
  block: BlockData,
  base: BlockViewBase,
  policy: TourDatesPolicy,
) => Record<string, unknown>;

/** Views that need nothing but the block (the editor's preview draws them too). */
export const PURE_BLOCK_VIEWS: Readonly<Record<string, PureBlockView>> = Object.freeze({
  link: (block, base) => linkView(block.content, base),
  album: (block, base) => albumView(block.content, base),
  socialaccountlinks: (block, base) => socialLinksView(block.content, block.settings, base),
  'member-area': (block, base) => memberAreaView(block.content, base),
});

/**
 * Views that depend on the day (the server renders them on every request, never from the sections
 * cache; the preview with the browser's clock).
 */
export const CLOCK_BLOCK_VIEWS: Readonly<Record<string, ClockBlockView>> = Object.freeze({
  tourdates: (block, base, policy) => tourDatesView(block.content, base, policy),
});
