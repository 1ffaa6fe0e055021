// Portable column conventions: booleans are integers 0/1, money is integer cents,
// times are UTC ISO-8601 strings, JSON is stored as text.

/** The key of a row that belongs to one site (the columns migrations/columns.ts `idKey` and `siteKey` add). */
export interface SiteRowKey {
  id: string;
  site_id: string;
}

/** When a row was made and last changed (`timestamps` of migrations/columns.ts). */
export interface Stamps {
  created_at: string;
  updated_at: string;
}
