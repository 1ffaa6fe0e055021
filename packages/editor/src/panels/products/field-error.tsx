// Field messages beside their fields: `errorProps(errors, path)` gives an input its invalid state and
// description, `<FieldError>` prints the message under the same id.

export type FieldErrors = Record<string, string>;

export function errorId(path: string): string {
  return `ed-product-error-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** `aria-invalid` and `aria-describedby` for the input whose server path is `path`. */
export function errorProps(errors: FieldErrors, path: string) {
  return errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(path) } : {};
}

export function FieldError({ errors, path }: { errors: FieldErrors; path: string }) {
  const message = errors[path];
  if (!message) return null;
  return (
    <span className="ed-field-error" id={errorId(path)}>
      {message}
    </span>
  );
}
