import { characterCount, type FormFieldDefinition, type FormFieldValue, likertOptions } from '@tessera/core';

// Client-rendered fields for the additional-fields lightbox (the page has no server markup for
// them): the same classes as the theme's form partial, so forms.css styles both.

const PARTS: Readonly<Record<string, readonly string[]>> = {
  name: ['First Name', 'Last Name'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
  address: ['Address 1', 'Address 2', 'City', 'State/Province', 'Zip/Postal Code', 'Country'],
  phone: ['Country code', 'Area code', 'Prefix', 'Line'],
};

const INPUT_TYPES: Readonly<Record<string, string>> = { email: 'email', website: 'url', password: 'password' };

export interface FieldProps {
  field: FormFieldDefinition;
  value: FormFieldValue;
  error: string | undefined;
  idPrefix: string;
  onChange(value: FormFieldValue): void;
}

/** The field's title: a label for one control, else the name of the field's group (kept after the error line). */
function Title({ field, htmlFor, id }: { field: FormFieldDefinition; htmlFor?: string; id?: string }) {
  const content = (
    <>
      {field.title}
      {field.required ? (
        <span className="tessera-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  return htmlFor ? (
    <label className="tessera-field__title" htmlFor={htmlFor}>
      {content}
    </label>
  ) : (
    <p className="tessera-field__title" id={id}>
      {content}
    </p>
  );
}

export function FieldControl({ field, value, error, idPrefix, onChange }: FieldProps) {
  const id = `${idPrefix}-${field.id}`;
  const errorId = `${id}-error`;
  const titleId = `${id}-title`;
  const errorLine = (
    <p className="tessera-field__error" id={errorId} role="alert" hidden={!error}>
      {error ?? ''}
    </p>
  );
  const description = field.description ? <p className="tessera-field__description">{field.description}</p> : null;
  const className = `tessera-field tessera-field--${field.type}${error ? ' has-error' : ''}`;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as string[]) : [];

  switch (field.type) {
    case 'section':
      return (
        <div className="tessera-field tessera-field--section">
          <h3 className="tessera-field__section-title">{field.title}</h3>
          {description}
        </div>
      );
    case 'hidden':
      return null;
    case 'textarea': {
      const count = typeof field.maxLength === 'number' ? characterCount(text, field.maxLength) : undefined;
      return (
        <div className={className} data-field-id={field.id}>
          {errorLine}
          <Title field={field} htmlFor={id} />
          {description}
          <textarea
            className="tessera-field__input"
            id={id}
            rows={4}
            value={text}
            placeholder={field.placeholder || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.value)}
          />
          {count ? <p className={`tessera-field__counter${count.over ? ' is-over' : ''}`}>{count.text}</p> : null}
        </div>
      );
    }
    case 'select':
      return (
        <div className={className} data-field-id={field.id}>
          {errorLine}
          <Title field={field} htmlFor={id} />
          {description}
          <select
            className="tessera-field__input"
            id={id}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Select Value</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      );
    case 'radio':
    case 'checkbox':
      return (
        <div
          role="group"
          aria-labelledby={titleId}
          className={className}
          data-field-id={field.id}
          aria-describedby={errorId}
        >
          {errorLine}
          <Title field={field} id={titleId} />
          {description}
          <div className="tessera-field__choices">
            {(field.options ?? []).map((option, i) => {
              const checked = field.type === 'radio' ? text === option : list.includes(option);
              return (
                <label className="tessera-field__choice" key={option} htmlFor={`${id}-${i}`}>
                  <input
                    id={`${id}-${i}`}
                    type={field.type}
                    name={id}
                    value={option}
                    checked={checked}
                    onChange={(event) => {
                      if (field.type === 'radio') onChange(option);
                      else onChange(event.target.checked ? [...list, option] : list.filter((v) => v !== option));
                    }}
                  />{' '}
                  <span>{option}</span>
                </label>
              );
            })}
          </div>
        </div>
      );
    case 'likert': {
      const answers = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
        string,
        string
      >;
      return (
        <div
          role="group"
          aria-labelledby={titleId}
          className={className}
          data-field-id={field.id}
          aria-describedby={errorId}
        >
          {errorLine}
          <Title field={field} id={titleId} />
          {(field.questions ?? []).map((question, row) => (
            <div className="tessera-likert__row" role="radiogroup" aria-label={question} key={question}>
              <span className="tessera-likert__question">{question}</span>
              <span className="tessera-likert__answers">
                {likertOptions(field).map((answer, i) => (
                  <label className="tessera-likert__answer" key={answer} htmlFor={`${id}-${row}-${i}`}>
                    <input
                      id={`${id}-${row}-${i}`}
                      type="radio"
                      name={`${id}-${row}`}
                      checked={answers[question] === answer}
                      onChange={() => onChange({ ...answers, [question]: answer })}
                    />{' '}
                    <span>{answer}</span>
                  </label>
                ))}
              </span>
            </div>
          ))}
        </div>
      );
    }
    case 'name':
    case 'date':
    case 'time':
    case 'address':
    case 'phone': {
      const labels = PARTS[field.type] ?? [];
      return (
        <div
          role="group"
          aria-labelledby={titleId}
          className={className}
          data-field-id={field.id}
          aria-describedby={errorId}
        >
          {errorLine}
          <Title field={field} id={titleId} />
          {description}
          <div className="tessera-field__parts">
            {labels.map((label, i) => (
              <div className="tessera-field__part" key={label}>
                <label className="tessera-field__part-label" htmlFor={`${id}-${i}`}>
                  {label}
                </label>
                <input
                  className="tessera-field__input"
                  id={`${id}-${i}`}
                  type="text"
                  value={list[i] ?? ''}
                  onChange={(event) => {
                    const next = labels.map((_, j) => list[j] ?? '');
                    next[i] = event.target.value;
                    onChange(next);
                  }}
                />
              </div>
            ))}
          </div>
        </div>
      );
    }
    default:
      return (
        <div className={className} data-field-id={field.id}>
          {errorLine}
          <Title field={field} htmlFor={id} />
          {description}
          <input
            className="tessera-field__input"
            id={id}
            type={INPUT_TYPES[field.type] ?? 'text'}
            value={text}
            placeholder={field.placeholder || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
  }
}
