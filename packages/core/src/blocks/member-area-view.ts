import { type BlockViewBase, textOf } from './view-values.js';

// View of the member-area block (67): a call to join one of the owner's member areas. The block
// stores the area's id, a title, a text and the button's label; the button leads to the area's join
// page (`/member-areas/<id>`), which the server renders for each visitor with the plans and the
// visitor's own join forms (so the block itself holds nothing per visitor and can be cached).

const AREA_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `content.areaId` (required), `content.title`, `content.text`, `content.buttonLabel`. */
export function memberAreaView(
  content: Record<string, unknown>,
  base: BlockViewBase,
): Record<string, unknown> | undefined {
  const areaId = textOf(content.areaId).trim();
  if (!AREA_ID.test(areaId)) return undefined;
  return {
    ...base,
    title: textOf(content.title).trim() || 'Become a member',
    text: textOf(content.text).trim(),
    buttonLabel: textOf(content.buttonLabel).trim() || 'See the plans',
    joinUrl: `/member-areas/${areaId}`,
  };
}
