// The shapes of the design API (docs/api.md "Design") come from its contract,
// `@tessera/core/contracts/design`; the panel imports them from there. The uploaded fonts' answers:

/** One uploaded font file (`GET /api/config/design/own-fonts`). */
export interface OwnFontFile {
  id: string;
  family: string;
  subfamily: string;
  weight: number;
  italic: boolean;
  format: string;
  size: number;
  url: string;
}

export interface OwnFontsAnswer {
  fonts: OwnFontFile[];
}
