import { type FormEvent, useState } from 'react';
import { customRangeProblem, PRESETS, type RangeChoice } from './shape.js';
import './RangePicker.css';

/** Last 7, 30 or 90 days, or a custom from/to applied with a button (checked before it is sent). */
export function RangePicker(props: {
  choice: RangeChoice;
  current: { from: string; to: string } | undefined;
  onChange: (choice: RangeChoice) => void;
}) {
  const { choice, current, onChange } = props;
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const [from, setFrom] = useState(choice.kind === 'custom' ? choice.from : (current?.from ?? ''));
  const [to, setTo] = useState(choice.kind === 'custom' ? choice.to : (current?.to ?? ''));
  const [problem, setProblem] = useState('');

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found ?? '');
    if (!found) onChange({ kind: 'custom', from, to });
  }

  return (
    <div className="an-range">
      <fieldset className="an-range__choices">
        <legend>Date range</legend>
        {PRESETS.map((days) => (
          <label key={days}>
            <input
              type="radio"
              name="an-range"
              checked={!custom && choice.kind === 'preset' && choice.days === days}
              onChange={() => {
                setCustom(false);
                setProblem('');
                onChange({ kind: 'preset', days });
              }}
            />
            Last {days} days
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="an-range"
            checked={custom}
            onChange={() => {
              setCustom(true);
              if (!from && current) setFrom(current.from);
              if (!to && current) setTo(current.to);
            }}
          />
          Custom
        </label>
      </fieldset>
      {custom && (
        <form className="an-range__custom" onSubmit={apply} noValidate>
          <label>
            From
            <input
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'an-range-problem' : undefined}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'an-range-problem' : undefined}
            />
          </label>
          <button type="submit">Apply</button>
          {problem && (
            <p className="ed-field-error" id="an-range-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
