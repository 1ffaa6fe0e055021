import type { ReviewSettings } from '@tessera/core/contracts/reviews';
import type { Kysely } from 'kysely';
import type { Database, SiteRow } from '../../platform/db/schema.js';
import type { RememberLookup } from '../content/index.js';

// The owner's review settings, kept as `reviews` in the site's settings JSON: whether reviews are
// on (SPEC "product reviews when enabled"; off for a new site, on in the demo seed), whether any
// signed-in site user may review (otherwise buyers only), and how many days after fulfilment the
// review-request mail goes out. The settings JSON is read and written only through the site
// settings' own parser and locked update, handed in by app.ts (`SettingsPort`).

export type { ReviewSettings };

/** What reviews use of `domains/settings/settings-repository.ts`. */
export interface SettingsPort {
  parse(text: string | null | undefined): Record<string, unknown>;
  update<T>(
    db: Kysely<Database>,
    siteId: string,
    change: (settings: Record<string, unknown>, row: SiteRow) => T | Promise<T>,
  ): Promise<T>;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = Object.freeze({
  enabled: false,
  anyUser: false,
  requestDelayDays: 7,
});

function fromStored(stored: Partial<Record<keyof ReviewSettings, unknown>> | undefined): ReviewSettings {
  const days = stored?.requestDelayDays;
  return {
    enabled: stored?.enabled === true,
    anyUser: stored?.anyUser === true,
    requestDelayDays:
      typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 90
        ? days
        : DEFAULT_REVIEW_SETTINGS.requestDelayDays,
  };
}

export interface ReviewSettingsStore {
  of(settingsJson: string | null | undefined): ReviewSettings;
  read(siteId: string): Promise<ReviewSettings>;
  save(siteId: string, change: Partial<ReviewSettings>): Promise<ReviewSettings>;
}

/** What the settings are read from: the site row (its settings JSON). */
const SETTINGS_TABLES: ReadonlySet<string> = new Set(['sites']);

export function createReviewSettings(
  db: Kysely<Database>,
  port: SettingsPort,
  /** Keeps the settings with the site's content; without it every read goes to the database. */
  remember?: RememberLookup,
): ReviewSettingsStore {
  const of = (json: string | null | undefined) => fromStored(port.parse(json).reviews as never);
  const load = async (siteId: string) => {
    const row = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
    return of(row?.settings);
  };
  return {
    of,
    // Every product page and shop grid asks (issue 20): kept until the site row is written.
    read: (siteId) =>
      remember ? remember(siteId, 'review-settings', () => load(siteId), SETTINGS_TABLES) : load(siteId),
    save(siteId, change) {
      return port.update(db, siteId, (settings) => {
        const next = { ...fromStored(settings.reviews as never), ...change };
        settings.reviews = next;
        return next;
      });
    },
  };
}
