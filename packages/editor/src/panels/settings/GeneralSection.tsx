import type { FormEvent } from 'react';
import { SelectField, SaveBar, TextField } from './fields.js';
import { Languages } from './Languages.js';
import { LogoPicker } from './LogoPicker.js';
import type { SettingsOptions } from './options.js';
import type { SettingsDraft, SettingsKey } from './settings-draft.js';
import { TimeZonePicker } from './TimeZonePicker.js';

const KEYS: readonly SettingsKey[] = ['siteTitle', 'logo', 'timeZone', 'currency', 'locale', 'publicUrl'];

function currencyLabel(code: string): string {
  try {
    return `${code} — ${new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code}`;
  } catch {
    return code;
  }
}

/** Checks the fields before they are sent; the server checks them again. */
function validate(value: { siteTitle: string; locale: string; publicUrl: string | null }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!value.siteTitle.trim()) errors.siteTitle = 'Give the site a title.';
  if (value.publicUrl && !/^https?:\/\/[^/?#@\s]+\/?$/i.test(value.publicUrl.trim())) {
    errors.publicUrl = 'Enter the address of the site, such as https://shop.example.com (no path).';
  }
  try {
    if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(value.locale)) throw new Error('bad');
    Intl.getCanonicalLocales(value.locale.replace('_', '-'));
  } catch {
    errors.locale = 'Use a locale such as en-US.';
  }
  return errors;
}

/** Site title, logo, time zone, currency, locale, and the site's languages. */
export function GeneralSection({ draft, options }: { draft: SettingsDraft; options: SettingsOptions }) {
  const value = draft.value;
  if (!value) return null;
  const errors = draft.errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(value);
    if (Object.keys(found).length) return draft.setErrors(found);
    await draft.save(KEYS);
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="st-general-heading">
        <h2 id="st-general-heading">General</h2>
        {errors[''] && (
          <p className="ed-field-error" role="alert">
            {errors['']}
          </p>
        )}
        <TextField
          id="st-title"
          label="Site title"
          value={value.siteTitle}
          maxLength={100}
          required
          error={errors.siteTitle}
          onChange={(v) => draft.change('siteTitle', v)}
        />
        <LogoPicker value={value.logo} error={errors.logo} onChange={(logo) => draft.change('logo', logo)} />
        <TimeZonePicker
          value={value.timeZone}
          zones={options.data?.timeZones}
          loadFailed={!!options.error}
          loading={options.loading}
          onRetry={() => void options.reload()}
          error={errors.timeZone}
          onChange={(zone) => draft.change('timeZone', zone)}
        />
        <SelectField
          id="st-currency"
          label="Currency"
          value={value.currency}
          choices={(options.data?.currencies ?? [value.currency]).map((c) => ({ value: c, label: currencyLabel(c) }))}
          error={errors.currency}
          hint="Prices keep their amounts: changing the currency does not convert them."
          onChange={(c) => draft.change('currency', c)}
        />
        <TextField
          id="st-locale"
          label="Locale"
          value={value.locale}
          maxLength={35}
          error={errors.locale}
          hint="Formats dates, numbers and prices, e.g. en-US or fr-FR."
          onChange={(v) => draft.change('locale', v)}
        />
        <TextField
          id="st-public-url"
          label="Public address"
          value={value.publicUrl ?? ''}
          maxLength={300}
          error={errors.publicUrl}
          hint="Every link in the mails the site sends (password reset, invitations, restock) starts with this address, e.g. https://shop.example.com. Leave it empty to use the server's PUBLIC_URL."
          onChange={(v) => draft.change('publicUrl', v.trim() === '' ? null : v)}
        />
        <SaveBar dirty={draft.isDirty(KEYS)} saving={draft.saving} onDiscard={() => draft.discard(KEYS)} />
      </form>
      <Languages />
    </>
  );
}
