import { BlockType } from '../enums/block-type.js';

// What the page editor offers: the add-block menu's promoted types and the device preview widths.

/** SPEC §9 "Promoted block types", in order: the add-block menu lists these first. */
export const PROMOTED_BLOCK_TYPES: readonly number[] = Object.freeze([
  BlockType.MAP,
  BlockType.EMBED,
  BlockType.IMAGE,
  BlockType.CODE,
  BlockType.QUOTE,
  BlockType.TWITTER,
  BlockType.LINK,
  BlockType.VIDEO,
  BlockType.FOURSQUARE,
  BlockType.INSTAGRAM,
  BlockType.FORM,
]);

/** Device preview widths: phone is SPEC §9's mobile maximum (432 px); desktop starts at 433 px. */
export const DEVICE_PREVIEWS = Object.freeze({
  desktop: { label: 'Desktop', width: null as number | null },
  tablet: { label: 'Tablet', width: 768 as number | null },
  phone: { label: 'Phone', width: 432 as number | null },
});
export type DevicePreview = keyof typeof DEVICE_PREVIEWS;
