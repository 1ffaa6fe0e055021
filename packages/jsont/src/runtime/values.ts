/**
 * How the language treats plain JSON values: truthiness, text output, and the
 * lenient string/number conversions formatters rely on. `undefined` means a
 * missing node, `null` JSON null.
 */

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * "No value at all", which the reference's `cycle` yields for an index it cannot
 * read: like a missing node to every formatter but `raw`, which prints it as
 * nothing rather than `null`. It never leaves a formatter chain (see
 * `applyFormatters`); formatters in `VOID_AWARE` receive it as it is.
 */
export const VOID: unique symbol = Symbol('void');
export const VOID_AWARE = new WeakSet<object>();

/** The language's truthiness: empty strings, 0, NaN, empty arrays and objects are false. */
export function isTruthy(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value !== '';
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return false;
      if (Array.isArray(value)) return value.length !== 0;
      // JSON objects have no inherited enumerable keys: any key means non-empty.
      for (const _ in value) return true;
      return false;
    default:
      return false;
  }
}

/** Text a `{variable}` prints: scalars as text, arrays joined by commas, objects nothing. */
export function outputText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object': {
      if (value === null || !Array.isArray(value)) return '';
      let out = '';
      for (let i = 0; i < value.length; i++) {
        if (i > 0) out += ',';
        const item = value[i];
        out += Array.isArray(item) ? nestedText(item) : String(item);
      }
      return out;
    }
    default:
      return '';
  }
}

/** An array inside an array prints joined too; one nested past the stack prints nothing. */
function nestedText(value: unknown[]): string {
  try {
    return String(value);
  } catch {
    return '';
  }
}

/** The string view of a value: scalars as text, everything else empty. */
export function asString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    default:
      return '';
  }
}

/** The number view of a value: numeric strings parsed, booleans 0/1, otherwise 0. */
export function asNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return value.indexOf('.') === -1 ? Number.parseInt(value, 10) : Number.parseFloat(value);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return 0;
  }
}

/** The boolean view: true, 'true', or a non-zero integer. */
export function asBoolean(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      return value === 'true';
    case 'number':
      return Number.isInteger(value) && value !== 0;
    default:
      return false;
  }
}

/** One step down a path: an object's own key or an array's numeric index; missing otherwise. */
export function child(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return typeof key === 'number' ? value[key] : undefined;
  const v = (value as Record<string, unknown>)[key as string];
  // Inherited members of Object.prototype are functions, or `__proto__`: never data.
  if (v === undefined || typeof v === 'function') return undefined;
  return key === '__proto__' && !hasOwn.call(value, key) ? undefined : v;
}

/** Follow `path` from `value`, starting at segment `from`. */
export function walk(value: unknown, path: readonly (string | number)[], from: number): unknown {
  let v = value;
  for (let i = from; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = child(v, path[i] as string | number);
  }
  return v;
}

/** Structural equality of two JSON values. */
export function deepEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEquals(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!hasOwn.call(b, k)) return false;
    if (!deepEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
