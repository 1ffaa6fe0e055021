/**
 * About how many bytes of JavaScript heap a plain value takes (issue 20: caches bounded by size,
 * not only by count): strings by their length, numbers, arrays, plain objects, Maps, Sets and Dates
 * by V8's usual object layout on a 64-bit heap (pointer-compressed fields count 8 bytes here, an
 * overestimate that leaves room for hidden classes and property backing stores). Each object is
 * counted once however often it is reached; functions, symbols and the prototype chain are not
 * counted. A rough figure, good for a cache budget, not for accounting.
 *
 * Stops walking once the count passes `limit` and answers that count (more than `limit`): a
 * value too big for the budget costs no more than the budget to measure.
 */
export function estimateBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  let bytes = 0;
  while (pending.length > 0 && bytes <= limit) {
    const next = pending.pop();
    switch (typeof next) {
      case 'string':
        bytes += 16 + next.length;
        continue;
      case 'number':
      case 'bigint':
        bytes += 16;
        continue;
      case 'object':
        break;
      default:
        continue;
    }
    if (next === null || seen.has(next)) continue;
    seen.add(next);
    if (Array.isArray(next)) {
      bytes += 32 + 8 * next.length;
      for (const item of next) pending.push(item);
    } else if (next instanceof Map) {
      bytes += 64 + 24 * next.size;
      for (const [key, item] of next) pending.push(key, item);
    } else if (next instanceof Set) {
      bytes += 64 + 16 * next.size;
      for (const item of next) pending.push(item);
    } else if (next instanceof Date) {
      bytes += 32;
    } else if (ArrayBuffer.isView(next)) {
      bytes += 64 + next.byteLength;
    } else {
      const keys = Object.keys(next);
      bytes += 24 + 8 * keys.length;
      for (const key of keys) pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return bytes;
}
