import { EditableList } from '../shared/EditableList.js';
import type { FieldErrors } from './field-errors.js';
import { FieldMessage, invalidProps, TextField } from './fields.js';
import { moneyInput, parseMoneyInput } from './money.js';
import type { CheckoutSettings, CouponKind } from '@tessera/core/contracts/checkout-settings';
import { useCheckoutList } from './use-list-save.js';

interface Draft {
  code: string;
  kind: CouponKind;
  /** Percent text for percent coupons, a money amount for fixed ones. */
  value: string;
  minSubtotal: string;
  active: boolean;
}

const KINDS: { kind: CouponKind; label: string }[] = [
  { kind: 'percent', label: 'Percent off' },
  { kind: 'fixed', label: 'Amount off' },
  { kind: 'free-shipping', label: 'Free shipping' },
];

function draftsOf(settings: CheckoutSettings): Draft[] {
  return settings.coupons.map((c) => ({
    code: c.code,
    kind: c.kind,
    value: c.kind === 'fixed' ? moneyInput(c.value, settings.currency) : c.kind === 'percent' ? String(c.value) : '',
    minSubtotal: c.minSubtotalCents ? moneyInput(c.minSubtotalCents, settings.currency) : '',
    active: c.active,
  }));
}

/** Coupons: a code buyers type at checkout, what it takes off and from which subtotal. */
export function CouponsTab(props: { settings: CheckoutSettings; onSaved: (s: CheckoutSettings) => void }) {
  const { currency } = props.settings;
  const { list, saver } = useCheckoutList(draftsOf, props);
  const set = list.set;

  function submit() {
    const local: FieldErrors = {};
    const coupons = list.rows.map((row, i) => {
      let value = 0;
      if (row.kind === 'percent') {
        value = /^\s*\d+\s*%?\s*$/.test(row.value) ? Number.parseInt(row.value, 10) : Number.NaN;
        if (Number.isNaN(value)) local[`coupons.${i}.value`] = 'Enter a whole percent from 1 to 100.';
      } else if (row.kind === 'fixed') {
        const amount = parseMoneyInput(row.value, currency);
        if (amount.ok) value = amount.cents ?? 0;
        else local[`coupons.${i}.value`] = amount.message;
      }
      const minimum = parseMoneyInput(row.minSubtotal, currency, { optional: true });
      if (!minimum.ok) local[`coupons.${i}.minSubtotalCents`] = minimum.message;
      return {
        code: row.code.trim(),
        kind: row.kind,
        value: Number.isNaN(value) ? 0 : value,
        minSubtotalCents: minimum.ok ? (minimum.cents ?? 0) : 0,
        active: row.active,
      };
    });
    void saver.save('coupons', { coupons }, 'Coupons saved.', local);
  }

  return (
    <EditableList
      list={list}
      itemLabel="Coupon"
      hint={`Codes are not case sensitive. Amounts are in ${currency}.`}
      empty="No coupons yet."
      blank={(): Draft => ({ code: '', kind: 'percent', value: '', minSubtotal: '', active: true })}
      saveLabel="Save coupons"
      saver={saver}
      listMessage={<FieldMessage errors={saver.errors} path="coupons" />}
      onSubmit={submit}
      renderRow={(row, i) => {
        const kindId = `ed-store-coupon-kind-${row.key}`;
        const activeId = `ed-store-coupon-active-${row.key}`;
        return (
          <>
            <TextField
              label="Code"
              path={`coupons.${i}.code`}
              errors={saver.errors}
              value={row.code}
              maxLength={32}
              autoCapitalize="characters"
              onChange={(e) => set(row.key, { code: e.target.value })}
            />
            <div className="ed-form-row">
              <label htmlFor={kindId}>Discount</label>
              <select
                id={kindId}
                value={row.kind}
                onChange={(e) => set(row.key, { kind: e.target.value as CouponKind })}
                {...invalidProps(saver.errors, `coupons.${i}.kind`)}
              >
                {KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </select>
              <FieldMessage errors={saver.errors} path={`coupons.${i}.kind`} />
            </div>
            {row.kind !== 'free-shipping' && (
              <TextField
                label={row.kind === 'percent' ? 'Percent off' : `Amount off (${currency})`}
                path={`coupons.${i}.value`}
                errors={saver.errors}
                inputMode="decimal"
                value={row.value}
                onChange={(e) => set(row.key, { value: e.target.value })}
              />
            )}
            <TextField
              label={`Minimum subtotal (${currency}, optional)`}
              path={`coupons.${i}.minSubtotalCents`}
              errors={saver.errors}
              inputMode="decimal"
              value={row.minSubtotal}
              onChange={(e) => set(row.key, { minSubtotal: e.target.value })}
            />
            <div className="ed-form-row ed-store-check">
              <input
                id={activeId}
                type="checkbox"
                checked={row.active}
                onChange={(e) => set(row.key, { active: e.target.checked })}
              />
              <label htmlFor={activeId}>Active</label>
            </div>
            <FieldMessage errors={saver.errors} path={`coupons.${i}`} />
          </>
        );
      }}
    />
  );
}
