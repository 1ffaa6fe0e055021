// Turns the owner API's 400 answers into one message per form field. The server names the field
// before each sentence ("siteTitle: Too small. disqusShortname: Use letters…"); a few errors
// carry a code that belongs to one field instead.

export type FieldErrors = Record<string, string>;

/** Error codes whose message belongs to a single field. */
const CODE_FIELDS: Readonly<Record<string, string>> = {
  'invalid-time-zone': 'timeZone',
  'no-mailing-lists': 'mailingListId',
  'mailing-list-required': 'mailingListId',
  'list-name-taken': 'name',
};

/**
 * Splits a server message into messages of the form's `fields`. A field is named by its whole
 * path when `fields` lists it (`cookieBanner.text`), else by the top-level key of the path
 * (`shareButtonOptions.myspace` → `shareButtonOptions`); words that merely end in a colon are not
 * fields. Text without a field goes under `''`.
 */
export function fieldErrorsOf(message: string, code: string | undefined, fields: readonly string[]): FieldErrors {
  const field = code ? CODE_FIELDS[code] : undefined;
  if (field) return { [field]: message };
  const marker = /(?:^|\s)([A-Za-z]\w*)((?:\.[\w.]+)?): /g;
  const found: { field: string; start: number; end: number }[] = [];
  for (let match = marker.exec(message); match; match = marker.exec(message)) {
    const top = match[1] ?? '';
    const whole = top + (match[2] ?? '');
    const field = fields.includes(whole) ? whole : fields.includes(top) ? top : undefined;
    if (field === undefined) continue;
    found.push({ field, start: match.index, end: match.index + match[0].length });
  }
  if (found.length === 0) return { '': message };
  const errors: FieldErrors = {};
  const lead = message.slice(0, found[0]?.start ?? 0).trim();
  if (lead) errors[''] = lead;
  found.forEach((item, index) => {
    const text = message.slice(item.end, found[index + 1]?.start ?? message.length).trim();
    const key = item.field;
    errors[key] = errors[key] ? `${errors[key]} ${text}` : text;
  });
  return errors;
}
