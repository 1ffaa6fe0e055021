import type { FormEvent } from 'react';
import { BANNER_FIELD_IDS, bannerErrors, CookieBannerFields } from './CookieBannerFields.js';
import { CheckField, SaveBar } from './fields.js';
import type { SettingsOptions } from './options.js';
import type { SettingsDraft, SettingsKey } from './settings-draft.js';

const KEYS: readonly SettingsKey[] = ['cookiePolicy', 'trackingEnabled', 'cookieBanner'];

const POLICIES = [
  {
    value: 'standard',
    label: 'Standard',
    hint: 'Visitor statistics may keep a cookie to recognise a returning visitor.',
  },
  {
    value: 'restrictive',
    label: 'Restrictive',
    hint: 'No statistics cookies are written, and any already set are cleared; each visit counts on its own.',
  },
] as const;

/** The cookie policy pages follow, the cookie banner and the visitor-statistics switch. */
export function PrivacySection({ draft, options }: { draft: SettingsDraft; options: SettingsOptions }) {
  const value = draft.value;
  if (!value) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = bannerErrors(value.cookieBanner);
    const first = Object.keys(problems)[0];
    if (first) {
      draft.setErrors(problems);
      const field = first.slice('cookieBanner.'.length) as keyof typeof BANNER_FIELD_IDS;
      document.getElementById(BANNER_FIELD_IDS[field])?.focus();
      return;
    }
    await draft.save(KEYS);
  };
  return (
    <form onSubmit={submit} aria-labelledby="st-privacy-heading">
      <h2 id="st-privacy-heading">Cookies and tracking</h2>
      {draft.errors[''] && (
        <p className="ed-field-error" role="alert">
          {draft.errors['']}
        </p>
      )}
      <fieldset className="st-fieldset">
        <legend>Cookie policy</legend>
        {POLICIES.map((policy) => (
          <div key={policy.value} className="ed-form-row st-check">
            <span>
              <input
                type="radio"
                id={`st-cookie-${policy.value}`}
                name="st-cookie-policy"
                value={policy.value}
                checked={value.cookiePolicy === policy.value}
                aria-describedby={`st-cookie-${policy.value}-hint`}
                onChange={() => draft.change('cookiePolicy', policy.value)}
              />{' '}
              <label htmlFor={`st-cookie-${policy.value}`}>{policy.label}</label>
            </span>
            <span id={`st-cookie-${policy.value}-hint`} className="st-hint">
              {policy.hint}
            </span>
          </div>
        ))}
      </fieldset>
      <CookieBannerFields draft={draft} options={options} />
      <fieldset className="st-fieldset">
        <legend>Visitor statistics</legend>
        <CheckField
          id="st-tracking"
          label="Record visits, page views and sales for Analytics"
          checked={value.trackingEnabled}
          hint="Off: pages send no tracking events at all."
          onChange={(on) => draft.change('trackingEnabled', on)}
        />
      </fieldset>
      <SaveBar dirty={draft.isDirty(KEYS)} saving={draft.saving} onDiscard={() => draft.discard(KEYS)} />
    </form>
  );
}
