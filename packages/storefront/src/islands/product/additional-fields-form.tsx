import { type FormFieldDefinition, type FormFieldValue, validateField } from '@tessera/core';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** The additional-fields form of a product (`structuredContent.additionalFieldsForm`). */
export interface AdditionalFieldsDefinition {
  name?: string;
  fields: readonly FormFieldDefinition[];
  submitButtonText?: string;
}

/** Reads the form a product asks for, from the item JSON or the button's `data-form`; undefined when none. */
export function additionalFieldsForm(
  fromItem: unknown,
  button: HTMLElement | null,
): AdditionalFieldsDefinition | undefined {
  let form = fromItem;
  if (!isForm(form) && button?.dataset.form) {
    try {
      form = JSON.parse(button.dataset.form);
    } catch {
      form = undefined;
    }
  }
  return isForm(form) && form.fields.length > 0 ? form : undefined;
}

function isForm(value: unknown): value is AdditionalFieldsDefinition {
  return typeof value === 'object' && value !== null && Array.isArray((value as { fields?: unknown }).fields);
}

/** Fields this lightbox can draw; other kinds (sections, hidden, multi-part) are left out. */
const SUPPORTED = new Set(['text', 'textarea', 'email', 'number', 'phone', 'website', 'select', 'radio', 'checkbox']);

export interface AdditionalFieldsFormProps {
  form: AdditionalFieldsDefinition;
  onSubmit(values: Record<string, FormFieldValue>): void;
  onClose(): void;
}

const overlayStyle = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  overflowY: 'auto',
  display: 'flex',
  // With `margin: auto` on the panel: centred when it fits, else 50 px from the top and bottom.
  padding: '50px 16px',
  background: 'rgba(17, 17, 17, 0.45)',
} as const;

/**
 * The lightbox form for a product's additional fields (SPEC §2): a modal with a close control that
 * also closes on Escape; centred when it fits, otherwise 50 px from the top and bottom and scrolled.
 */
export function AdditionalFieldsForm({ form, onSubmit, onClose }: AdditionalFieldsFormProps) {
  const id = useId();
  const panel = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, FormFieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = form.fields.filter((field) => SUPPORTED.has(field.type));

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const field of fields) {
      const message = validateField(field, values[field.id]);
      if (message) found[field.id] = message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  const set = (fieldId: string, value: FormFieldValue) => setValues((current) => ({ ...current, [fieldId]: value }));

  return (
    <div className="tessera-lightbox" style={overlayStyle}>
      <form
        ref={panel}
        className="tessera-lightbox__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={submit}
        onKeyDown={onKeyDown}
        style={{
          margin: 'auto',
          padding: '24px',
          width: '100%',
          maxWidth: '520px',
          borderRadius: 'var(--radius-lg, 14px)',
          background: 'var(--color-surface, #fff)',
          color: 'var(--color-text, #1d1b18)',
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: '16px' }}>
          <h2 id={`${id}-title`} className="tessera-lightbox__title" style={{ margin: 0, fontSize: '1.25rem' }}>
            {form.name ?? ''}
          </h2>
          <button
            type="button"
            className="tessera-lightbox__close button button--secondary"
            aria-label="Close"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {fields.map((field) => (
          <Field
            key={field.id}
            field={field}
            idPrefix={id}
            value={values[field.id]}
            error={errors[field.id]}
            onChange={(value) => set(field.id, value)}
          />
        ))}
        <button type="submit" className="tessera-lightbox__submit button button--primary" style={{ marginTop: '16px' }}>
          {form.submitButtonText || 'Add To Cart'}
        </button>
      </form>
    </div>
  );
}

/** Field looks from the theme's variables (inline, since the theme does not know this form). */
const fieldStyle = {
  width: '100%',
  minHeight: 'var(--field-height, 44px)',
  padding: '8px 12px',
  border: '1px solid var(--field-border, #8a8579)',
  borderRadius: 'var(--field-radius, 8px)',
  background: 'var(--field-background, #fff)',
  color: 'inherit',
  font: 'inherit',
} as const;
const errorStyle = { color: 'var(--color-error, #a4221b)', fontWeight: 500 } as const;
const descriptionStyle = { color: 'var(--color-text-muted, #5c574f)', fontSize: '0.9em' } as const;

interface FieldProps {
  field: FormFieldDefinition;
  idPrefix: string;
  value: FormFieldValue;
  error: string | undefined;
  onChange(value: FormFieldValue): void;
}

function Field({ field, idPrefix, value, error, onChange }: FieldProps) {
  const inputId = `${idPrefix}-${field.id}`;
  const errorId = `${inputId}-error`;
  const described = error ? errorId : field.description ? `${inputId}-description` : undefined;
  const text = typeof value === 'string' ? value : '';
  const common = {
    id: inputId,
    name: field.id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': field.required ? true : undefined,
  };
  let control: ReactNode;
  if (field.type === 'textarea') {
    control = (
      <textarea
        {...common}
        style={fieldStyle}
        value={text}
        placeholder={field.placeholder}
        maxLength={field.maxLength ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} style={fieldStyle} value={text} onChange={(event) => onChange(event.target.value)}>
        <option value="">{field.placeholder || 'Select Value'}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'radio' || field.type === 'checkbox') {
    const checked = Array.isArray(value) ? (value as string[]) : [];
    control = (
      <fieldset aria-describedby={described} style={{ border: 0, margin: 0, padding: 0 }}>
        <legend className="tessera-lightbox__label">
          {field.title}
          {field.required ? ' *' : ''}
        </legend>
        {(field.options ?? []).map((option) => (
          <label key={option} style={{ display: 'block' }}>
            <input
              type={field.type}
              name={field.id}
              value={option}
              checked={field.type === 'radio' ? text === option : checked.includes(option)}
              onChange={(event) => {
                if (field.type === 'radio') onChange(option);
                else onChange(event.target.checked ? [...checked, option] : checked.filter((item) => item !== option));
              }}
            />{' '}
            {option}
          </label>
        ))}
      </fieldset>
    );
  } else {
    const type =
      field.type === 'email'
        ? 'email'
        : field.type === 'number'
          ? 'number'
          : field.type === 'phone'
            ? 'tel'
            : field.type === 'website'
              ? 'url'
              : 'text';
    control = (
      <input
        {...common}
        style={fieldStyle}
        type={type}
        value={text}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const grouped = field.type === 'radio' || field.type === 'checkbox';
  return (
    <div className="tessera-lightbox__field" style={{ display: 'grid', gap: '4px', marginTop: '16px' }}>
      {grouped ? null : (
        <label htmlFor={inputId} className="tessera-lightbox__label">
          {field.title}
          {field.required ? ' *' : ''}
        </label>
      )}
      {field.description ? (
        <span id={`${inputId}-description`} className="tessera-lightbox__description" style={descriptionStyle}>
          {field.description}
        </span>
      ) : null}
      {control}
      {error ? (
        <span id={errorId} className="tessera-lightbox__error" role="alert" style={errorStyle}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
