import { useEffect, useId, useRef, useState } from 'react';
import { moneyInput, showMoney } from '../store/money.js';
import { readRefundAmount } from './refund-amount.js';

/**
 * Asks before refunding: how much (all that is left by default, or part of it, in the order's
 * currency) and a confirm button that names the amount. `error` is the server's word on the amount.
 */
export function RefundDialog(props: {
  /** The question; "Refund this order?" unless another payment is refunded (a gift's renewal). */
  title?: string;
  refundableCents: number;
  currency: string;
  locale: string;
  error: string;
  busy: boolean;
  onConfirm: (amountCents: number) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(moneyInput(props.refundableCents, props.currency));
  const [touched, setTouched] = useState(false);
  const amount = readRefundAmount(text, props.refundableCents, props.currency, props.locale);
  const error = (touched && !amount.ok ? amount.message : '') || props.error;
  const money = (cents: number) => showMoney(cents, props.currency, props.locale);
  useEffect(() => field.current?.select(), []);
  useEffect(() => {
    if (props.error) field.current?.focus();
  }, [props.error]);

  return (
    <div
      className="ed-card ed-orders-confirm"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{props.title ?? 'Refund this order?'}</h2>
      <p id={`${id}-text`}>The amount goes back through the payment provider that charged it. This cannot be undone.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (amount.ok) props.onConfirm(amount.cents);
        }}
      >
        <div className="ed-form-row">
          <label htmlFor={`${id}-amount`}>Amount to refund ({props.currency})</label>
          <input
            ref={field}
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setText(event.target.value);
              setTouched(true);
            }}
          />
          <span id={`${id}-hint`} className="ed-hint">
            Up to {money(props.refundableCents)} is left to refund.
          </span>
          {error && (
            <span id={`${id}-error`} className="ed-field-error">
              {error}
            </span>
          )}
        </div>
        <div className="ed-dialog__actions">
          <button type="submit" className="ed-primary" disabled={props.busy || !amount.ok}>
            {amount.ok ? `Refund ${money(amount.cents)}` : 'Refund'}
          </button>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
