import { ApiError } from '../../api.js';

export type FieldErrors = Record<string, string>;

/**
 * The messages of a refused save keyed by field path (`coupons.1.code`): the server's `fields`
 * when it sends them, otherwise read from its message ("path: text path: text"). Pass the paths
 * the form shows as `known`, so a colon inside a message is not taken for a new field.
 */
export function fieldErrorsOf(error: unknown, known?: readonly string[]): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.body.fields;
  if (fields && typeof fields === 'object') {
    return Object.fromEntries(
      Object.entries(fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  const text = error.message;
  const starts: { at: number; path: string }[] = [];
  if (known) {
    for (const path of known) {
      const needle = `${path}: `;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
        if (at === 0 || /\s/.test(text[at - 1]!)) starts.push({ at, path });
      }
    }
  } else {
    for (const match of text.matchAll(/(?:^|\s)([A-Za-z]\w*(?:\.\w+)*): /g)) {
      starts.push({ at: match.index + match[0].length - match[1]!.length - 2, path: match[1]! });
    }
  }
  starts.sort((x, y) => x.at - y.at);
  const found: FieldErrors = {};
  starts.forEach((start, i) => {
    const end = starts[i + 1]?.at ?? text.length;
    found[start.path] ??= text.slice(start.at + start.path.length + 2, end).trim();
  });
  return found;
}

/** The messages that belong to no field shown on screen, for the panel's alert line. */
export function unplacedMessage(error: unknown, shown: readonly string[]): string {
  if (!(error instanceof Error)) return String(error);
  const fields = fieldErrorsOf(error);
  const rest = Object.entries(fields).filter(([path]) => !shown.includes(path));
  if (Object.keys(fields).length === 0) return error.message;
  return rest.length
    ? rest.map(([path, message]) => `${path}: ${message}`).join(' ')
    : 'Please fix the fields marked below.';
}
