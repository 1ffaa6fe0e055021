import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

// The site's uploaded fonts (issue 21, `domains/fonts`) as the design panels and `/site.css` read
// them. The fonts domain stores them in `site_fonts` and serves the files from
// `/_fonts/<id>.<format>` (its `fontUrl`); this side only reads the table.

/** An uploaded family as the design reads it: a font id, its CSS name, and a file per weight. */
export interface OwnFontFamily {
  id: string;
  family: string;
  weights: number[];
  files: Record<number, string>;
  /** A family from a connected font kit (`site_font_kits`): the kit's stylesheet declares its faces. */
  kitUrl?: string;
}

/** The id design settings use for an uploaded family (`own-` and a slug of its name). */
export function ownFontId(family: string): string {
  const slug = family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
  return `own-${slug || 'font'}`;
}

/** The site's uploaded families (upright files preferred for each weight). */
export async function ownFontFamilies(db: Kysely<Database>, siteId: string): Promise<OwnFontFamily[]> {
  const rows = await db
    .selectFrom('site_fonts')
    .select(['id', 'family', 'weight', 'italic', 'format'])
    .where('site_id', '=', siteId)
    .orderBy('italic', 'desc')
    .orderBy('created_at')
    .execute();
  const byId = new Map<string, OwnFontFamily>();
  for (const row of rows) {
    const id = ownFontId(row.family);
    const entry = byId.get(id) ?? { id, family: row.family, weights: [], files: {} };
    if (!entry.weights.includes(row.weight)) entry.weights.push(row.weight);
    entry.files[row.weight] = `/_fonts/${row.id}.${row.format}`;
    byId.set(id, entry);
  }
  for (const entry of byId.values()) entry.weights.sort((a, b) => a - b);
  // Families of connected font kits (issue 21): their faces come from the kit's own stylesheet.
  const kits = await db
    .selectFrom('site_font_kits')
    .select(['url', 'families'])
    .where('site_id', '=', siteId)
    .orderBy('created_at')
    .execute();
  for (const kit of kits) {
    let families: unknown;
    try {
      families = JSON.parse(kit.families);
    } catch {
      families = [];
    }
    for (const family of Array.isArray(families) ? families : []) {
      if (typeof family !== 'string') continue;
      const id = ownFontId(family);
      if (byId.has(id)) continue;
      byId.set(id, { id, family, weights: [100, 200, 300, 400, 500, 600, 700, 800, 900], files: {}, kitUrl: kit.url });
    }
  }
  return [...byId.values()];
}
