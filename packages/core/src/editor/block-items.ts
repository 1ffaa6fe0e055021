// Rules for blocks that hold a list of items: accordion items ({ title, html }, the first can start
// open with `settings.openFirst`) and marquee items (plain strings). The runtime reads the same shapes
// (server `pages/blocks/block-views.ts`).

export interface AccordionItem {
  title: string;
  html: string;
}

export const ACCORDION_LIMITS = Object.freeze({ minItems: 1, maxItems: 30 });
export const MARQUEE_LIMITS = Object.freeze({ minItems: 1, maxItems: 20, maxLength: 80, minSpeed: 5, maxSpeed: 120 });

export const NEW_ACCORDION_ITEM: Readonly<AccordionItem> = Object.freeze({ title: 'New item', html: '<p>Details</p>' });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The accordion items a block holds, as the runtime reads them (non-objects are skipped). */
export function accordionItems(content: Record<string, unknown>): AccordionItem[] {
  const items = Array.isArray(content.items) ? content.items : [];
  return items.filter(isRecord).map((item) => ({
    title: typeof item.title === 'string' ? item.title : '',
    html: typeof item.html === 'string' ? item.html : '',
  }));
}

/** The marquee's words, as the runtime reads them (strings only). */
export function marqueeItems(content: Record<string, unknown>): string[] {
  return (Array.isArray(content.items) ? content.items : []).filter((t): t is string => typeof t === 'string');
}

/** A copy of `items` with the one at `from` moved to `to` (clamped); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(to, items.length - 1));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** List edits that keep an item count within [min, max]: adding past max or removing below min does nothing. */
export function listRules<T>(limits: { minItems: number; maxItems: number }, fresh: () => T) {
  return Object.freeze({
    canAdd: (items: readonly T[]) => items.length < limits.maxItems,
    canRemove: (items: readonly T[]) => items.length > limits.minItems,
    /** Adds a new item after `after` (at the end when omitted). */
    add(items: readonly T[], after = items.length - 1): T[] {
      if (items.length >= limits.maxItems) return [...items];
      const next = [...items];
      next.splice(Math.max(0, Math.min(after + 1, items.length)), 0, fresh());
      return next;
    },
    remove(items: readonly T[], index: number): T[] {
      if (items.length <= limits.minItems || index < 0 || index >= items.length) return [...items];
      return items.filter((_, i) => i !== index);
    },
    move: moveItem<T>,
  });
}

export const accordionRules = listRules<AccordionItem>(ACCORDION_LIMITS, () => ({ ...NEW_ACCORDION_ITEM }));
export const marqueeRules = listRules<string>(MARQUEE_LIMITS, () => 'New item');

/** Accordion titles are required: the message for the first blank one, by its 1-based number. */
export function accordionProblem(items: readonly AccordionItem[]): string | undefined {
  const blank = items.findIndex((item) => !item.title.trim());
  return blank < 0 ? undefined : `Item ${blank + 1} needs a title.`;
}
