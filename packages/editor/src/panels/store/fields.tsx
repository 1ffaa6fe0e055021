import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldErrors } from './field-errors.js';

export function errorId(path: string): string {
  return `ed-store-error-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** `aria-invalid` and `aria-describedby` for the control whose server path is `path`. */
export function invalidProps(errors: FieldErrors, path: string) {
  return errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(path) } : {};
}

/** The server's message for `path`, printed under its field. */
export function FieldMessage({ errors, path }: { errors: FieldErrors; path: string }) {
  const message = errors[path];
  return message ? (
    <span className="ed-field-error" id={errorId(path)}>
      {message}
    </span>
  ) : null;
}

/** A labelled input with its message below. */
export function TextField(
  props: { label: string; path: string; errors: FieldErrors; hint?: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id'
  >,
) {
  const { label, path, errors, hint, ...input } = props;
  const id = `ed-store-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <div className="ed-form-row">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...invalidProps(errors, path)} />
      {hint && <span className="ed-hint">{hint}</span>}
      <FieldMessage errors={errors} path={path} />
    </div>
  );
}
