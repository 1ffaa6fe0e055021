import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { BASE } from './parts.js';

/** Adds a plan: free, one-time (with an optional number of days) or recurring (every week, month or year). */
export function PlanForm(props: { areaId: string; onAdded: (title: string) => Promise<void> }) {
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<'free' | 'one-time' | 'recurring'>('free');
  const [price, setPrice] = useState('');
  const [unit, setUnit] = useState<'WEEK' | 'MONTH' | 'YEAR'>('MONTH');
  const [days, setDays] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    const body: Record<string, unknown> = { title, kind };
    if (kind !== 'free') body.priceCents = Math.round(Number(price) * 100);
    if (kind === 'recurring') body.intervalUnit = unit;
    if (kind !== 'recurring' && days) body.durationDays = Number(days);
    try {
      await api('POST', `${BASE}/${encodeURIComponent(props.areaId)}/plans`, body);
      setTitle('');
      setPrice('');
      setDays('');
      await props.onAdded(title);
    } catch (e) {
      const given = e instanceof ApiError ? (e.body.fields as Record<string, string> | undefined) : undefined;
      setFields(given ?? { title: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const error = (key: string) => fields[key] && <p className="ed-field-error">{fields[key]}</p>;
  return (
    <form className="ed-member-areas__plan-form" onSubmit={(e) => void submit(e)} aria-label="Add a plan">
      <label>
        Plan name
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required />
      </label>
      {error('title')}
      <label>
        Kind
        <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="free">Free</option>
          <option value="one-time">One-time price</option>
          <option value="recurring">Recurring</option>
        </select>
      </label>
      {kind !== 'free' && (
        <label>
          Price
          <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} required />
        </label>
      )}
      {error('priceCents')}
      {kind === 'recurring' && (
        <label>
          Renews every
          <select value={unit} onChange={(e) => setUnit(e.target.value as typeof unit)}>
            <option value="WEEK">week</option>
            <option value="MONTH">month</option>
            <option value="YEAR">year</option>
          </select>
        </label>
      )}
      {kind !== 'recurring' && (
        <label>
          Days of access (empty: no end)
          <input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
      )}
      {error('durationDays')}
      <button type="submit" disabled={busy}>
        Add plan
      </button>
    </form>
  );
}
