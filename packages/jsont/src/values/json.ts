/**
 * Reading plain JSON values the way the template language does: missing and
 * null read as empty, strings "true" are true, and so on. Formatters and
 * predicates never throw on odd input, so every reader here is total.
 */

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field of an object or an element of an array; undefined otherwise. */
export function field(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) {
    const index = typeof key === 'number' ? key : Number(key);
    return Number.isInteger(index) ? value[index] : undefined;
  }
  if (isObject(value) && Object.hasOwn(value, String(key))) return value[String(key)];
  return undefined;
}

export function path(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    current = field(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Text of a scalar; empty for missing, null, objects and arrays. */
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

/** Number of a scalar: strings parse (float when they hold a dot), booleans are 0/1, the rest 0. */
export function asNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return 0;
  }
}

/** Strict boolean reading: true, the string "true", or a non-zero integer. */
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

/** The language's truth test: non-empty strings, arrays and objects, non-zero numbers, true. */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return !Number.isNaN(value) && value !== 0;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return false;
}

/** Element count of an array, key count of an object, 0 otherwise. */
export function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
