import { useState } from 'react';
import { api } from '../../api.js';
import { SaveActions } from '../shared/SaveActions.js';
import { type FieldErrors, fieldErrorsOf } from './field-errors.js';
import { FieldMessage, invalidProps, TextField } from './fields.js';
import type { StoreSettings } from '@tessera/core/contracts/settings';

const WEIGHT_UNITS: { value: StoreSettings['weightUnit']; label: string }[] = [
  { value: 'kg', label: 'Kilograms (kg)' },
  { value: 'g', label: 'Grams (g)' },
  { value: 'lb', label: 'Pounds (lb)' },
  { value: 'oz', label: 'Ounces (oz)' },
];

type Flag = {
  [K in keyof StoreSettings]: StoreSettings[K] extends boolean ? K : never;
}[keyof StoreSettings];

const GROUPS = ['Payments', 'Cart', 'Restock', 'Scarcity'] as const;

const FLAGS: { key: Flag; label: string; group: (typeof GROUPS)[number]; hint?: string }[] = [
  {
    key: 'testMode',
    label: 'Test mode: take test card payments only',
    group: 'Payments',
    hint: 'Any valid-looking card number pays. Never on while a live payment provider is configured.',
  },
  {
    key: 'payLaterEnabled',
    label: 'Offer “Pay later”',
    group: 'Payments',
    hint: 'Orders wait for payment until you mark them paid in Orders; gift cards are issued then.',
  },
  { key: 'allowCouponStacking', label: 'Allow more than one coupon per order', group: 'Payments' },
  { key: 'multipleQuantityAllowedForServices', label: 'Allow more than one of a service in a cart', group: 'Cart' },
  { key: 'expressCheckout', label: 'Offer express checkout', group: 'Cart' },
  { key: 'restockHiddenByDefault', label: 'Hide the restock sign-up on product pages by default', group: 'Restock' },
  { key: 'restockMailingListOptIn', label: 'Check “join the mailing list” on the sign-up form', group: 'Restock' },
  {
    key: 'restockAutoSend',
    label: 'Send restock notifications as soon as a variant is back in stock',
    group: 'Restock',
  },
  { key: 'scarcityEnabled', label: 'Show a scarcity message when stock runs low', group: 'Scarcity' },
  { key: 'scarcityShownByDefault', label: 'Show the scarcity message on product pages by default', group: 'Scarcity' },
];

const TEXT_FIELDS = [
  'weightUnit',
  'stockHoldMinutes',
  'restockNotificationsSuccessText',
  'scarcityThreshold',
  'scarcityText',
];

/** Store settings (SPEC §3): payments (issue 15), service quantities, the restock and scarcity widgets and their texts. */
export function SettingsTab(props: { settings: StoreSettings; onSaved: (s: StoreSettings) => void }) {
  const [draft, setDraft] = useState(props.settings);
  const [threshold, setThreshold] = useState(props.settings.scarcityThreshold?.toString() ?? '');
  const [holdMinutes, setHoldMinutes] = useState(props.settings.stockHoldMinutes?.toString() ?? '30');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  async function save() {
    setStatus('');
    const body: Record<string, unknown> = {};
    for (const flag of FLAGS) body[flag.key] = draft[flag.key];
    body.restockNotificationsSuccessText = draft.restockNotificationsSuccessText;
    body.weightUnit = draft.weightUnit;
    if (draft.scarcityText?.trim()) body.scarcityText = draft.scarcityText;
    const minutes = Number(holdMinutes);
    if (!holdMinutes.trim() || !Number.isInteger(minutes)) {
      setErrors({ stockHoldMinutes: 'Enter a whole number of minutes.' });
      return;
    }
    body.stockHoldMinutes = minutes;
    if (threshold.trim()) {
      const value = Number(threshold);
      if (!Number.isInteger(value)) {
        setErrors({ scarcityThreshold: 'Enter a whole number of items, such as 5.' });
        return;
      }
      body.scarcityThreshold = value;
    }
    setSaving(true);
    try {
      const saved = await api<StoreSettings>('PUT', '/api/config/settings/store', body);
      setDraft(saved);
      setThreshold(saved.scarcityThreshold?.toString() ?? '');
      setHoldMinutes(saved.stockHoldMinutes?.toString() ?? '30');
      setErrors({});
      setError('');
      setStatus('Store settings saved.');
      props.onSaved(saved);
    } catch (e) {
      const fields = fieldErrorsOf(e, [...FLAGS.map((f) => f.key), ...TEXT_FIELDS]);
      setErrors(fields);
      setError(Object.keys(fields).length ? 'Please fix the fields marked below.' : (e as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="ed-store-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {GROUPS.map((group) => (
        <fieldset key={group} className="ed-card">
          <legend>{group}</legend>
          {FLAGS.filter((f) => f.group === group).map((flag) => (
            <div key={flag.key} className="ed-form-row ed-store-check">
              <input
                id={`ed-store-${flag.key}`}
                type="checkbox"
                checked={draft[flag.key]}
                onChange={(e) => setDraft({ ...draft, [flag.key]: e.target.checked })}
                aria-describedby={flag.hint ? `ed-store-${flag.key}-hint` : undefined}
                {...invalidProps(errors, flag.key)}
              />
              <label htmlFor={`ed-store-${flag.key}`}>{flag.label}</label>
              {flag.hint && (
                <span className="ed-hint ed-store-check-hint" id={`ed-store-${flag.key}-hint`}>
                  {flag.hint}
                </span>
              )}
              <FieldMessage errors={errors} path={flag.key} />
            </div>
          ))}
          {group === 'Payments' && (
            <TextField
              label="Hold stock for unpaid orders (minutes)"
              path="stockHoldMinutes"
              errors={errors}
              inputMode="numeric"
              hint="An order waiting for payment keeps its items this long, then is cancelled and the stock returns."
              value={holdMinutes}
              onChange={(e) => setHoldMinutes(e.target.value)}
            />
          )}
          {group === 'Cart' && (
            <div className="ed-form-row">
              <label htmlFor="ed-store-weightUnit">Weight unit</label>
              <select
                id="ed-store-weightUnit"
                value={draft.weightUnit}
                onChange={(e) => setDraft({ ...draft, weightUnit: e.target.value as StoreSettings['weightUnit'] })}
                aria-describedby="ed-store-weightUnit-hint"
                {...invalidProps(errors, 'weightUnit')}
              >
                {WEIGHT_UNITS.map((unit) => (
                  <option key={unit.value} value={unit.value}>
                    {unit.label}
                  </option>
                ))}
              </select>
              <span className="ed-hint" id="ed-store-weightUnit-hint">
                Weights in a Squarespace product CSV are read in this unit; products keep them in grams.
              </span>
              <FieldMessage errors={errors} path="weightUnit" />
            </div>
          )}
          {group === 'Restock' && (
            <TextField
              label="Text after a visitor signs up"
              path="restockNotificationsSuccessText"
              errors={errors}
              maxLength={300}
              value={draft.restockNotificationsSuccessText}
              onChange={(e) => setDraft({ ...draft, restockNotificationsSuccessText: e.target.value })}
            />
          )}
          {group === 'Scarcity' && (
            <>
              <TextField
                label="Show it from this many items left"
                path="scarcityThreshold"
                errors={errors}
                inputMode="numeric"
                value={threshold}
                onChange={(e) => setThreshold(e.target.value)}
              />
              <TextField
                label="Scarcity message"
                path="scarcityText"
                errors={errors}
                maxLength={200}
                hint="Shown on product pages when few items are left."
                value={draft.scarcityText ?? ''}
                onChange={(e) => setDraft({ ...draft, scarcityText: e.target.value })}
              />
            </>
          )}
        </fieldset>
      ))}
      <SaveActions saveLabel="Save store settings" saving={saving} error={error} status={status} />
    </form>
  );
}
