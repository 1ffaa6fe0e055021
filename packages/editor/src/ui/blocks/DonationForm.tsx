import {
  DONATION_INTERVALS,
  donationAmountText,
  donationIntervalLabel,
  donationRules,
  parseDonationAmount,
} from '@tessera/core';
import { useState } from 'react';
import { siteCurrency } from '../../shell/boot.js';
import { type BlockFormProps, blockEdits, CheckField, TextField } from './common.js';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Donation (52): title, text, suggested amounts, a custom amount with its minimum, and which kinds
 * of gift are offered (one time, monthly, yearly). Amounts are typed in the site's currency
 * ("10, 25, 50") and stored in minor units (`content.suggestedCents`, `content.minimumCents`).
 */
export function DonationForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  // The site's currency (the editor's boot data): amounts are typed and shown in its own digits.
  const currency = siteCurrency();
  const major = (cents: number) => donationAmountText(cents, currency);
  const rules = donationRules(c);
  const [suggested, setSuggested] = useState(() => rules.suggestedCents.map(major).join(', '));
  const [minimum, setMinimum] = useState(() => major(rules.minimumCents));
  const parts = suggested
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const cents = parts.map((p) => parseDonationAmount(p, currency));
  const suggestedError = cents.some((v) => v === undefined) ? 'Type amounts like 10, 25.50, 50.' : undefined;
  const minimumCents = parseDonationAmount(minimum, currency);
  const wanted = Array.isArray(c.intervals) ? (c.intervals as string[]) : ['once'];
  return (
    <>
      <TextField label="Title" value={str(c.title)} onChange={(v) => set('content', 'title', v)} />
      <TextField
        label="Text"
        multiline
        rows={3}
        value={str(c.description)}
        onChange={(v) => set('content', 'description', v)}
      />
      <TextField
        label="Suggested amounts"
        value={suggested}
        hint="In the site's currency, separated by commas. At most six."
        error={suggestedError}
        onChange={(v) => {
          setSuggested(v);
          const next = v.split(',').map((p) => parseDonationAmount(p.trim(), currency));
          if (next.every((n) => n !== undefined)) set('content', 'suggestedCents', next);
        }}
      />
      <CheckField
        label="Donors may enter another amount"
        checked={c.allowCustom !== false}
        onChange={(v) => set('content', 'allowCustom', v, false)}
      />
      <TextField
        label="Minimum gift"
        value={minimum}
        error={minimumCents === undefined || minimumCents < 1 ? 'Type an amount like 5 or 5.50.' : undefined}
        onChange={(v) => {
          setMinimum(v);
          const next = parseDonationAmount(v, currency);
          if (next !== undefined && next > 0) set('content', 'minimumCents', next);
        }}
      />
      <fieldset className="ed-fieldset">
        <legend>Kinds of gift</legend>
        {DONATION_INTERVALS.map((interval) => (
          <CheckField
            key={interval}
            label={donationIntervalLabel(interval)}
            checked={wanted.includes(interval)}
            onChange={(on) => {
              const next = DONATION_INTERVALS.filter((i) => (i === interval ? on : wanted.includes(i)));
              set('content', 'intervals', next.length > 0 ? next : ['once'], false);
            }}
          />
        ))}
      </fieldset>
      <TextField
        label="Button label"
        value={str(c.buttonLabel)}
        hint="“Donate” when left empty."
        onChange={(v) => set('content', 'buttonLabel', v)}
      />
    </>
  );
}
