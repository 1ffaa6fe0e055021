import { EditableList } from '../shared/EditableList.js';
import type { FieldErrors } from './field-errors.js';
import { FieldMessage, invalidProps, TextField } from './fields.js';
import { basisPointsOf, percentOf } from './rates.js';
import type { CheckoutSettings } from '@tessera/core/contracts/checkout-settings';
import { useCheckoutList } from './use-list-save.js';

interface Draft {
  name: string;
  rate: string;
  taxShipping: boolean;
  countries: string;
}

function draftsOf(settings: CheckoutSettings): Draft[] {
  return settings.taxRules.map((r) => ({
    name: r.name,
    rate: percentOf(r.rateBasisPoints),
    taxShipping: r.taxShipping,
    countries: r.countries.join(', '),
  }));
}

/** Tax rules: a rate in percent, the countries it applies to (all when empty) and whether shipping is taxed. */
export function TaxTab(props: { settings: CheckoutSettings; onSaved: (s: CheckoutSettings) => void }) {
  const { list, saver } = useCheckoutList(draftsOf, props);

  function submit() {
    const local: FieldErrors = {};
    const taxRules = list.rows.map((row, i) => {
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
    <EditableList
      list={list}
      itemLabel="Tax rule"
      hint="Every rule that matches the buyer's country applies. No countries means everywhere."
      empty="No tax rules: orders are not taxed."
      blank={() => ({ name: '', rate: '', taxShipping: false, countries: '' })}
      saveLabel="Save tax rules"
      saver={saver}
      listMessage={<FieldMessage errors={saver.errors} path="taxRules" />}
      onSubmit={submit}
      renderRow={(row, i) => {
        const taxShippingId = `ed-store-tax-shipping-${row.key}`;
        return (
          <>
            <TextField
              label="Name"
              path={`taxRules.${i}.name`}
              errors={saver.errors}
              value={row.name}
              maxLength={100}
              onChange={(e) => list.set(row.key, { name: e.target.value })}
            />
            <TextField
              label="Rate (%)"
              path={`taxRules.${i}.rateBasisPoints`}
              errors={saver.errors}
              inputMode="decimal"
              value={row.rate}
              onChange={(e) => list.set(row.key, { rate: e.target.value })}
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
              onChange={(e) => list.set(row.key, { countries: e.target.value })}
            />
            <div className="ed-form-row ed-store-check">
              <input
                id={taxShippingId}
                type="checkbox"
                checked={row.taxShipping}
                onChange={(e) => list.set(row.key, { taxShipping: e.target.checked })}
                {...invalidProps(saver.errors, `taxRules.${i}.taxShipping`)}
              />
              <label htmlFor={taxShippingId}>Tax shipping too</label>
            </div>
          </>
        );
      }}
    />
  );
}
