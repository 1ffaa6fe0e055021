import type { FormEvent } from 'react';
import { SaveBar, TextField } from './fields.js';
import { SiteIconPicker } from './SiteIconPicker.js';
import type { SettingsDraft, SettingsKey } from './settings-draft.js';

const KEYS: readonly SettingsKey[] = ['robotsTxtExtra', 'siteIcon', 'redirects'];
/** `REDIRECTS_MAX_CHARS` of the server (`packages/server/src/domains/web/redirects.ts`). */
const REDIRECTS_MAX = 20_000;
/** `ROBOTS_EXTRA_MAX` of the server (`packages/server/src/domains/web/robots.ts`). */
const ROBOTS_EXTRA_MAX = 2000;

/** What search engines and browsers are told: the owner's addition to /robots.txt and the site icon. */
export function SearchEnginesSection({ draft }: { draft: SettingsDraft }) {
  const value = draft.value;
  if (!value) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await draft.save(KEYS);
  };
  return (
    <form onSubmit={submit} aria-labelledby="st-search-heading">
      <h2 id="st-search-heading">Search engines and icon</h2>
      <p className="st-hint">
        Search engines find every public page through <a href="/sitemap.xml">/sitemap.xml</a>. The site's{' '}
        <a href="/robots.txt">/robots.txt</a> already keeps them out of the editor, the cart, checkout, accounts and
        search results.
      </p>
      <TextField
        id="st-robots-extra"
        label="Addition to robots.txt"
        value={value.robotsTxtExtra}
        multiline
        maxLength={ROBOTS_EXTRA_MAX}
        error={draft.errors.robotsTxtExtra}
        hint="Lines added after the defaults, such as “Disallow: /private-offer”."
        onChange={(text) => draft.change('robotsTxtExtra', text)}
      />
      <TextField
        id="st-redirects"
        label="URL redirects"
        value={value.redirects}
        multiline
        maxLength={REDIRECTS_MAX}
        error={draft.errors.redirects}
        hint="One per line: “/old-path -> /new-path 301” (or 302). A * at the end carries the rest along: “/journal/* -> /blog/* 301”. Renaming a page adds its redirect here."
        onChange={(text) => draft.change('redirects', text)}
      />
      <SiteIconPicker
        value={value.siteIcon}
        error={draft.errors.siteIcon}
        onChange={(icon) => draft.change('siteIcon', icon)}
      />
      <SaveBar dirty={draft.isDirty(KEYS)} saving={draft.saving} onDiscard={() => draft.discard(KEYS)} />
    </form>
  );
}
