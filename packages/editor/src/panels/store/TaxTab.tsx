import { useState } from 'react';
import type { FieldErrors } from './field-errors.js';
import { FieldMessage, invalidProps, TextField } from './fields.js';
import { basisPointsOf, percentOf } from './rates.js';
import { ListActions } from './ShippingTab.js';
import type { CheckoutSettings } from './types.js';
import { useListSave } from './use-list-save.js';

interface Draft {
  key: number;
  name: string;
  rate: string;
  taxShipping: boolean;
  countries: string;
}

let nextKey = 1;

function draftsOf(settings: CheckoutSettings): Draft[] {
  return settings.taxRules.map((r) => ({
    key: nextKey++,
    name: r.name,
    rate: percentOf(r.rateBasisPoints),
    taxShipping: r.taxShipping,
    countries: r.countries.join(', '),
  }));
}

/** Tax rules: a rate in percent, the countries it applies to (all when empty) and whether shipping is taxed. */
export function TaxTab(props: { settings: CheckoutSettings; onSaved: (s: CheckoutSettings) => void }) {
  const [drafts, setDrafts] = useState(() => draftsOf(props.settings));
  const saver = useListSave((saved) => {
    setDrafts(draftsOf(saved));
    props.onSaved(saved);
  });
  const set = (key: number, patch: Partial<Draft>) =>
    setDrafts((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function submit() {
    const local: FieldErrors = {};
    const taxRules = drafts.map((row, i) => {
      const rate = basisPointsOf(row.rate);
      if (rate === undefined) local[`taxRules.${i}.rateBasisPoints`] = 'Enter a rate in percent, such as 8.25.';
      return {
        name: row.name,
        rateBasisPoints: rate ?? 0,
        taxShipping: row.taxShipping,
        countries: row.countries
          .split(/[\s,]+/)
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      };
    });
    void saver.save('tax-rules', { taxRules }, 'Tax rules saved.', local);
  }

  return (
    <form
      className="ed-store-list"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="ed-hint">Every rule that matches the buyer's country applies. No countries means everywhere.</p>
      {drafts.length === 0 && <p className="ed-empty">No tax rules: orders are not taxed.</p>}
      {drafts.map((row, i) => {
        const taxShippingId = `ed-store-tax-shipping-${row.key}`;
        return (
          <fieldset key={row.key} className="ed-card ed-store-row">
            <legend>Tax rule {i + 1}</legend>
            <TextField
              label="Name"
              path={`taxRules.${i}.name`}
              errors={saver.errors}
              value={row.name}
              maxLength={100}
              onChange={(e) => set(row.key, { name: e.target.value })}
            />
            <TextField
              label="Rate (%)"
              path={`taxRules.${i}.rateBasisPoints`}
              errors={saver.errors}
              inputMode="decimal"
              value={row.rate}
              onChange={(e) => set(row.key, { rate: e.target.value })}
            />
            <TextField
              label="Countries (2-letter codes, comma separated)"
              path={`taxRules.${i}.countries`}
              errors={{
                ...saver.errors,
                [`taxRules.${i}.countries`]:
                  saver.errors[`taxRules.${i}.countries`] ??
                  Object.entries(saver.errors).find(([p]) => p.startsWith(`taxRules.${i}.countries.`))?.[1] ??
                  '',
              }}
              value={row.countries}
              placeholder="US, CA"
              onChange={(e) => set(row.key, { countries: e.target.value })}
            />
            <div className="ed-form-row ed-store-check">
              <input
                id={taxShippingId}
                type="checkbox"
                checked={row.taxShipping}
                onChange={(e) => set(row.key, { taxShipping: e.target.checked })}
                {...invalidProps(saver.errors, `taxRules.${i}.taxShipping`)}
              />
              <label htmlFor={taxShippingId}>Tax shipping too</label>
            </div>
            <button type="button" onClick={() => setDrafts((rows) => rows.filter((r) => r.key !== row.key))}>
              Remove tax rule {i + 1}
            </button>
          </fieldset>
        );
      })}
      <FieldMessage errors={saver.errors} path="taxRules" />
      <ListActions
        addLabel="Add tax rule"
        onAdd={() =>
          setDrafts((rows) => [...rows, { key: nextKey++, name: '', rate: '', taxShipping: false, countries: '' }])
        }
        saveLabel="Save tax rules"
        saving={saver.saving}
        error={saver.error}
        status={saver.status}
      />
    </form>
  );
}
