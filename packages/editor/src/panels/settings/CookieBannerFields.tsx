import {
  COOKIE_BANNER_LIMITS,
  type CookieBannerField,
  type CookieBannerPosition,
  type CookieBannerSettings,
  cookieBannerProblems,
} from '@tessera/core';
import { useState } from 'react';
import { CheckField, SelectField, TextField } from './fields.js';
import type { SettingsOptions } from './options.js';
import type { SettingsDraft } from './settings-draft.js';

const POSITIONS: readonly { value: CookieBannerPosition; label: string }[] = [
  { value: 'bottom-bar', label: 'Bar along the bottom' },
  { value: 'bottom-left', label: 'Box at the bottom left' },
  { value: 'bottom-right', label: 'Box at the bottom right' },
];

const NO_LINK = '';
const OTHER = 'other';

/** The error key of one banner field in the draft's errors (`cookieBanner.text`). */
export const bannerErrorKey = (field: CookieBannerField) => `cookieBanner.${field}`;

/** The id of each banner field's control, to move focus to the first one in error. */
export const BANNER_FIELD_IDS: Readonly<Record<CookieBannerField, string>> = {
  text: 'st-cb-text',
  privacyUrl: 'st-cb-privacy-url',
  privacyLabel: 'st-cb-privacy-label',
  acceptLabel: 'st-cb-accept',
  declineLabel: 'st-cb-decline',
  position: 'st-cb-position-bottom-bar',
};

/** Checks the banner before saving, by the server's rules (@tessera/core): messages by error key. */
export function bannerErrors(banner: CookieBannerSettings): Record<string, string> {
  return Object.fromEntries(
    Object.entries(cookieBannerProblems(banner)).map(([field, text]) => [
      bannerErrorKey(field as CookieBannerField),
      text,
    ]),
  );
}

/** The cookie banner's fields inside the "Cookies and tracking" form. */
export function CookieBannerFields({ draft, options }: { draft: SettingsDraft; options: SettingsOptions }) {
  const banner = draft.value?.cookieBanner;
  const pages = options.data?.pages ?? [];
  // Whether the owner picked "Another address…"; undefined: follow the saved address.
  const [otherPicked, setOtherPicked] = useState<boolean | undefined>();
  if (!banner) return null;
  const onPage = pages.some((page) => page.url === banner.privacyUrl);
  const other = otherPicked ?? (banner.privacyUrl !== '' && !onPage);
  const change = <K extends keyof CookieBannerSettings>(key: K, value: CookieBannerSettings[K]) => {
    draft.change('cookieBanner', { ...banner, [key]: value });
    const errorKey = bannerErrorKey(key as CookieBannerField);
    if (draft.errors[errorKey]) {
      const { [errorKey]: _gone, ...rest } = draft.errors;
      draft.setErrors(rest);
    }
  };
  const error = (field: CookieBannerField) => draft.errors[bannerErrorKey(field)];
  const linkChoice = other ? OTHER : banner.privacyUrl;
  const choices = [
    { value: NO_LINK, label: 'No link' },
    ...pages.map((page) => ({ value: page.url, label: `${page.title} (${page.url})`, group: 'Your pages' })),
    { value: OTHER, label: 'Another address…' },
  ];
  const L = COOKIE_BANNER_LIMITS;
  return (
    <fieldset className="st-fieldset" aria-describedby={draft.errors.cookieBanner ? 'st-cb-error' : undefined}>
      <legend>Cookie banner</legend>
      {draft.errors.cookieBanner && (
        <p id="st-cb-error" className="ed-field-error" role="alert">
          {draft.errors.cookieBanner}
        </p>
      )}
      <CheckField
        id="st-cb-enabled"
        label="Ask visitors to accept or decline cookies"
        checked={banner.enabled}
        hint="Shown until a visitor chooses; the choice is kept for a year. Under the restrictive policy nothing is recorded before an accept; after a decline nothing is recorded at all."
        onChange={(on) => change('enabled', on)}
      />
      <TextField
        id="st-cb-text"
        label="Banner text"
        multiline
        value={banner.text}
        maxLength={L.text}
        error={error('text')}
        hint="Plain text; the privacy link follows it."
        onChange={(value) => change('text', value)}
      />
      <SelectField
        id="st-cb-privacy-page"
        label="Privacy link"
        value={linkChoice}
        choices={choices}
        onChange={(value) => {
          setOtherPicked(value === OTHER);
          if (value !== OTHER) change('privacyUrl', value);
        }}
      />
      {other && (
        <TextField
          id="st-cb-privacy-url"
          label="Privacy link address"
          type="text"
          value={banner.privacyUrl}
          maxLength={L.privacyUrl}
          error={error('privacyUrl')}
          hint="A path of this site (/privacy) or an address starting with https://"
          onChange={(value) => change('privacyUrl', value)}
        />
      )}
      {!other && error('privacyUrl') && (
        <p className="ed-field-error" role="alert">
          {error('privacyUrl')}
        </p>
      )}
      {(other || onPage) && (
        <TextField
          id="st-cb-privacy-label"
          label="Privacy link words"
          value={banner.privacyLabel}
          maxLength={L.privacyLabel}
          error={error('privacyLabel')}
          onChange={(value) => change('privacyLabel', value)}
        />
      )}
      <TextField
        id="st-cb-accept"
        label="Accept button label"
        value={banner.acceptLabel}
        maxLength={L.buttonLabel}
        error={error('acceptLabel')}
        onChange={(value) => change('acceptLabel', value)}
      />
      <TextField
        id="st-cb-decline"
        label="Decline button label"
        value={banner.declineLabel}
        maxLength={L.buttonLabel}
        error={error('declineLabel')}
        onChange={(value) => change('declineLabel', value)}
      />
      <fieldset className="st-fieldset">
        <legend>Banner position</legend>
        {POSITIONS.map((position) => (
          <div key={position.value} className="ed-form-row st-check">
            <span>
              <input
                type="radio"
                id={`st-cb-position-${position.value}`}
                name="st-cb-position"
                value={position.value}
                checked={banner.position === position.value}
                onChange={() => change('position', position.value)}
              />{' '}
              <label htmlFor={`st-cb-position-${position.value}`}>{position.label}</label>
            </span>
          </div>
        ))}
      </fieldset>
    </fieldset>
  );
}
