// Ranges and choices of the simpler blocks' settings, as the runtime clamps them (server
// `pages/blocks/block-views.ts`), and the newsletter block's mailing-list rule (SPEC §5, §8 "Editor").

export const BLOCK_RANGES = Object.freeze({
  spacerHeight: { min: 0, max: 400, default: 24 },
  marqueeSpeed: { min: 5, max: 120, default: 30 },
  summaryLimit: { min: 1, max: 24, default: 4 },
  mapZoom: { min: 1, max: 19, default: 15 },
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
});

export const SUMMARY_VARIANTS = Object.freeze(['wall', 'carousel', 'list', 'grid'] as const);

export const NEWSLETTER_MESSAGES = Object.freeze({
  listRequired: 'A List must be selected',
  noLists: "You don't have any mailing lists. Please create one before continuing",
  noForm: 'No newsletter form signs visitors up to this list yet.',
});

interface ListRef {
  id: string;
}
interface FormRef {
  id: string;
  kind: string;
  mailingListId: string | null;
}

/** What the newsletter block's list choice lacks, if anything: no lists at all, or none chosen. */
export function newsletterProblem(lists: readonly ListRef[], selected: string): string | undefined {
  if (lists.length === 0) return NEWSLETTER_MESSAGES.noLists;
  if (!lists.some((list) => list.id === selected)) return NEWSLETTER_MESSAGES.listRequired;
  return undefined;
}

/** The newsletter form that signs visitors up to `listId` (the block renders that form), if any. */
export function newsletterFormFor(listId: string, forms: readonly FormRef[]): string | undefined {
  return forms.find((form) => form.kind === 'newsletter' && form.mailingListId === listId)?.id;
}

/** The list a stored newsletter block signs up to: its own `mailingListId`, else its form's list. */
export function newsletterListOf(content: Record<string, unknown>, forms: readonly FormRef[]): string {
  if (typeof content.mailingListId === 'string') return content.mailingListId;
  const form = forms.find((f) => f.id === content.formId);
  return form?.mailingListId ?? '';
}

/** A number typed into a settings field, clamped to its range; undefined when it is not a number. */
export function clampSetting(text: string, range: { min: number; max: number }): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? Math.min(Math.max(value, range.min), range.max) : undefined;
}
