import { EditableList } from '../shared/EditableList.js';
import type { FieldErrors } from './field-errors.js';
import { FieldMessage, TextField } from './fields.js';
import { moneyInput, parseMoneyInput } from './money.js';
import type { CheckoutSettings } from '@tessera/core/contracts/checkout-settings';
import { useCheckoutList } from './use-list-save.js';

interface Draft {
  name: string;
  amount: string;
  freeOver: string;
  /** The shipping zone: country codes, comma separated; empty ships everywhere. */
  countries: string;
}

function draftsOf(settings: CheckoutSettings): Draft[] {
  return settings.shippingOptions.map((o) => ({
    name: o.name,
    amount: moneyInput(o.amountCents, settings.currency),
    freeOver: moneyInput(o.freeOverCents, settings.currency),
    countries: (o.countries ?? []).join(', '),
  }));
}

/** Shipping options: a name, a price and an optional order total above which it is free. */
export function ShippingTab(props: { settings: CheckoutSettings; onSaved: (s: CheckoutSettings) => void }) {
  const { currency } = props.settings;
  const { list, saver } = useCheckoutList(draftsOf, props);

  function submit() {
    const local: FieldErrors = {};
    const shippingOptions = list.rows.map((row, i) => {
      const amount = parseMoneyInput(row.amount, currency);
      const freeOver = parseMoneyInput(row.freeOver, currency, { optional: true });
      if (!amount.ok) local[`shippingOptions.${i}.amountCents`] = amount.message;
      if (!freeOver.ok) local[`shippingOptions.${i}.freeOverCents`] = freeOver.message;
      return {
        name: row.name,
        amountCents: amount.ok ? amount.cents : 0,
        freeOverCents: freeOver.ok ? freeOver.cents : null,
        countries: row.countries
          .split(/[\s,]+/)
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      };
    });
    void saver.save('shipping-options', { shippingOptions }, 'Shipping options saved.', local);
  }

  return (
    <EditableList
      list={list}
      itemLabel="Shipping option"
      hint={`Buyers choose one of these at checkout. Prices are in ${currency}.`}
      empty="No shipping options: orders that ship cannot be placed."
      blank={() => ({ name: '', amount: '', freeOver: '', countries: '' })}
      saveLabel="Save shipping options"
      saver={saver}
      listMessage={<FieldMessage errors={saver.errors} path="shippingOptions" />}
      onSubmit={submit}
      renderRow={(row, i) => (
        <>
          <TextField
            label="Name"
            path={`shippingOptions.${i}.name`}
            errors={saver.errors}
            value={row.name}
            maxLength={100}
            onChange={(e) => list.set(row.key, { name: e.target.value })}
          />
          <TextField
            label={`Price (${currency})`}
            path={`shippingOptions.${i}.amountCents`}
            errors={saver.errors}
            inputMode="decimal"
            value={row.amount}
            onChange={(e) => list.set(row.key, { amount: e.target.value })}
          />
          <TextField
            label={`Free over (${currency}, optional)`}
            path={`shippingOptions.${i}.freeOverCents`}
            errors={saver.errors}
            inputMode="decimal"
            value={row.freeOver}
            onChange={(e) => list.set(row.key, { freeOver: e.target.value })}
          />
          <TextField
            label="Ships to (2-letter country codes, comma separated; empty: everywhere)"
            path={`shippingOptions.${i}.countries`}
            errors={{
              ...saver.errors,
              [`shippingOptions.${i}.countries`]:
                saver.errors[`shippingOptions.${i}.countries`] ??
                Object.entries(saver.errors).find(([p]) => p.startsWith(`shippingOptions.${i}.countries.`))?.[1] ??
                '',
            }}
            value={row.countries}
            placeholder="US, CA"
            onChange={(e) => list.set(row.key, { countries: e.target.value })}
          />
        </>
      )}
    />
  );
}
