/**
 * Reading plain JSON values the way the template language does: missing and
 * null read as empty, strings "true" are true, and so on. Formatters and
 * predicates never throw on odd input, so every reader here is total.
 */

// The scalar views, truthiness and equality are the engine's own: one definition for templates and formatters.
export { asBoolean, asNumber, asString, deepEquals as deepEqual, isTruthy } from '../runtime/values.js';

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

/** Element count of an array, key count of an object, 0 otherwise. */
export function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}
