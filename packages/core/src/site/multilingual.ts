import type { MultilingualSettings } from '../contracts/settings.js';

/** A language code as the settings take it: `en`, `fr-CA`. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** Languages the site offers (`website.multilingual`); the default one has no `?lang=`. */
export type SiteLanguages = MultilingualSettings;

const objectOr = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The one reading of `website.multilingual`, for the settings API, pages, head tags and sitemaps.
 * Entries without a valid code are skipped. With no language left, the site speaks one: the
 * language of its locale (`fr-CA` → `fr`). The default language is the stored one when it is among
 * the languages, else the first language. Multilingual means switched on with two languages or more.
 */
export function siteLanguages(websiteSettings: Record<string, unknown>, locale: string): SiteLanguages {
  const raw = objectOr(websiteSettings.multilingual);
  const stored = (Array.isArray(raw.languages) ? raw.languages : [])
    .map(objectOr)
    .filter((entry): entry is { code: string } & Record<string, unknown> => {
      return typeof entry.code === 'string' && LANGUAGE_CODE.test(entry.code);
    })
    .map((entry) => ({
      code: entry.code,
      name: typeof entry.name === 'string' && entry.name.trim() ? entry.name : entry.code,
      enabled: entry.enabled !== false,
    }));
  const own = locale.split(/[-_]/)[0]?.toLowerCase() || 'en';
  const languages = stored.length > 0 ? stored : [{ code: own, name: own, enabled: true }];
  const chosen = raw.defaultLanguage;
  const defaultLanguage =
    typeof chosen === 'string' && languages.some((l) => l.code === chosen) ? chosen : (languages[0]?.code ?? own);
  return { enabled: raw.enabled === true && languages.length > 1, defaultLanguage, languages };
}
