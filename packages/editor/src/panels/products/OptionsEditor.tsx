import { useEffect, useState } from 'react';
import { FieldError, type FieldErrors } from './field-error.js';
import { type OptionDraft, type ProductDraft, type VariantDraft, variantsForOptions } from './product-draft.js';

const MAX_OPTIONS = 6;

function splitValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The product's options (Size, Colour …) in the order buyers choose them, each with its values.
 * A change is applied when the field is left (or Enter is pressed): the variants are then generated
 * again, keeping the ones whose values still exist.
 */
export function OptionsEditor({
  draft,
  errors,
  onChange,
}: {
  draft: ProductDraft;
  errors: FieldErrors;
  onChange: (options: OptionDraft[], variants: VariantDraft[]) => void;
}) {
  const [problem, setProblem] = useState('');

  function apply(options: OptionDraft[]) {
    const variants = variantsForOptions(options, draft.variants);
    if ('error' in variants) {
      setProblem(variants.error);
      return;
    }
    setProblem('');
    onChange(options, variants);
  }

  const replace = (index: number, option: OptionDraft) =>
    apply(draft.options.map((o, i) => (i === index ? option : o)));
  const move = (index: number, by: number) => {
    const next = [...draft.options];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    apply(next);
  };

  return (
    <fieldset>
      <legend>Options</legend>
      <p className="ed-product__hint">
        Buyers choose options in this order. Each combination of values is a variant with its own price and stock.
      </p>
      <ol className="ed-options">
        {draft.options.map((option, index) => (
          <OptionRow
            // Options have no id of their own; each row copies its option's text again when it changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the option's identity here
            key={index}
            option={option}
            index={index}
            count={draft.options.length}
            errors={errors}
            onCommit={(next) => replace(index, next)}
            onMove={(by) => move(index, by)}
            onRemove={() => apply(draft.options.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <button
        type="button"
        disabled={draft.options.length >= MAX_OPTIONS}
        onClick={() => apply([...draft.options, { name: '', values: [] }])}
      >
        Add option
      </button>
      <FieldError errors={errors} path="variantOptionOrdering" />
      {problem && (
        <p className="ed-field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

function OptionRow(props: {
  option: OptionDraft;
  index: number;
  count: number;
  errors: FieldErrors;
  onCommit: (option: OptionDraft) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { option, index } = props;
  const [name, setName] = useState(option.name);
  const [values, setValues] = useState(option.values.join(', '));
  useEffect(() => setName(option.name), [option.name]);
  useEffect(() => setValues(option.values.join(', ')), [option.values]);
  const label = option.name || `option ${index + 1}`;

  const commit = () => {
    const next = { name: name.trim(), values: splitValues(values) };
    if (next.name === option.name && next.values.join('\u0000') === option.values.join('\u0000')) return;
    props.onCommit(next);
  };
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <li className="ed-options__row">
      <label>
        Option {index + 1} name
        <input value={name} onChange={(e) => setName(e.target.value)} onBlur={commit} onKeyDown={onEnter} />
      </label>
      <label>
        Values of {label} (separated by commas)
        <input
          value={values}
          onChange={(e) => setValues(e.target.value)}
          onBlur={commit}
          onKeyDown={onEnter}
          aria-describedby={props.errors[`options.${index}`] ? `ed-option-error-${index}` : undefined}
        />
      </label>
      <div className="ed-options__actions">
        <button type="button" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => props.onMove(-1)}>
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move ${label} down`}
          disabled={index === props.count - 1}
          onClick={() => props.onMove(1)}
        >
          ↓
        </button>
        <button type="button" aria-label={`Remove ${label}`} onClick={props.onRemove}>
          Remove
        </button>
      </div>
      {props.errors[`options.${index}`] && (
        <span className="ed-field-error" id={`ed-option-error-${index}`}>
          {props.errors[`options.${index}`]}
        </span>
      )}
    </li>
  );
}
