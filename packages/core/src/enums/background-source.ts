/** Where a page background comes from (SPEC §3). */
export const BackgroundSource = Object.freeze({
  UPLOAD: 1,
  INSTAGRAM: 2,
  VIDEO: 3,
  NONE: 4,
} as const);

export type BackgroundSource = (typeof BackgroundSource)[keyof typeof BackgroundSource];
