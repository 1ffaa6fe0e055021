import { useState } from 'react';
import type { FieldErrors } from './field-errors.js';
import { FieldMessage, TextField } from './fields.js';
import { moneyInput, parseMoneyInput } from './money.js';
import type { CheckoutSettings } from './types.js';
import { useListSave } from './use-list-save.js';

interface Draft {
  key: number;
  name: string;
  amount: string;
  freeOver: string;
}

let nextKey = 1;

function draftsOf(settings: CheckoutSettings): Draft[] {
  return settings.shippingOptions.map((o) => ({
    key: nextKey++,
    name: o.name,
    amount: moneyInput(o.amountCents, settings.currency),
    freeOver: moneyInput(o.freeOverCents, settings.currency),
  }));
}

/** Shipping options: a name, a price and an optional order total above which it is free. */
export function ShippingTab(props: { settings: CheckoutSettings; onSaved: (s: CheckoutSettings) => void }) {
  const { currency } = props.settings;
  const [drafts, setDrafts] = useState(() => draftsOf(props.settings));
  const saver = useListSave((saved) => {
    setDrafts(draftsOf(saved));
    props.onSaved(saved);
  });
  const set = (key: number, patch: Partial<Draft>) =>
    setDrafts((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function submit() {
    const local: FieldErrors = {};
    const shippingOptions = drafts.map((row, i) => {
      const amount = parseMoneyInput(row.amount, currency);
      const freeOver = parseMoneyInput(row.freeOver, currency, { optional: true });
      if (!amount.ok) local[`shippingOptions.${i}.amountCents`] = amount.message;
      if (!freeOver.ok) local[`shippingOptions.${i}.freeOverCents`] = freeOver.message;
      return {
        name: row.name,
        amountCents: amount.ok ? amount.cents : 0,
        freeOverCents: freeOver.ok ? freeOver.cents : null,
      };
    });
    void saver.save('shipping-options', { shippingOptions }, 'Shipping options saved.', local);
  }

  return (
    <form
      className="ed-store-list"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="ed-hint">Buyers choose one of these at checkout. Prices are in {currency}.</p>
      {drafts.length === 0 && <p className="ed-empty">No shipping options: orders that ship cannot be placed.</p>}
      {drafts.map((row, i) => (
        <fieldset key={row.key} className="ed-card ed-store-row">
          <legend>Shipping option {i + 1}</legend>
          <TextField
            label="Name"
            path={`shippingOptions.${i}.name`}
            errors={saver.errors}
            value={row.name}
            maxLength={100}
            onChange={(e) => set(row.key, { name: e.target.value })}
          />
          <TextField
            label={`Price (${currency})`}
            path={`shippingOptions.${i}.amountCents`}
            errors={saver.errors}
            inputMode="decimal"
            value={row.amount}
            onChange={(e) => set(row.key, { amount: e.target.value })}
          />
          <TextField
            label={`Free over (${currency}, optional)`}
            path={`shippingOptions.${i}.freeOverCents`}
            errors={saver.errors}
            inputMode="decimal"
            value={row.freeOver}
            onChange={(e) => set(row.key, { freeOver: e.target.value })}
          />
          <button type="button" onClick={() => setDrafts((rows) => rows.filter((r) => r.key !== row.key))}>
            Remove shipping option {i + 1}
          </button>
        </fieldset>
      ))}
      <FieldMessage errors={saver.errors} path="shippingOptions" />
      <ListActions
        addLabel="Add shipping option"
        onAdd={() => setDrafts((rows) => [...rows, { key: nextKey++, name: '', amount: '', freeOver: '' }])}
        saveLabel="Save shipping options"
        saving={saver.saving}
        error={saver.error}
        status={saver.status}
      />
    </form>
  );
}

/** Add and Save under a list, with the save's outcome announced. */
export function ListActions(props: {
  addLabel: string;
  onAdd: () => void;
  saveLabel: string;
  saving: boolean;
  error: string;
  status: string;
}) {
  return (
    <div className="ed-store-actions">
      <button type="button" onClick={props.onAdd}>
        {props.addLabel}
      </button>
      <button type="submit" className="ed-primary" disabled={props.saving}>
        {props.saving ? 'Saving…' : props.saveLabel}
      </button>
      {props.error && (
        <span className="ed-field-error" role="alert">
          {props.error}
        </span>
      )}
      <span role="status" className="ed-store-status">
        {props.status}
      </span>
    </div>
  );
}
