/** What a folder does when clicked (SPEC §3). */
export const FolderBehavior = Object.freeze({
  INDEX: 1,
  REDIRECT: 2,
  NONE: 3,
} as const);

export type FolderBehavior = (typeof FolderBehavior)[keyof typeof FolderBehavior];

/** SPEC §4: folder behaviour index or redirect, or none given at all, makes an item clickable. */
export function isFolderClickable(behavior: number | null | undefined): boolean {
  return behavior == null || behavior === FolderBehavior.INDEX || behavior === FolderBehavior.REDIRECT;
}
