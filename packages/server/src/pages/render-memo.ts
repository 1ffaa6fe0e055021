/**
 * Remembers rendered templates by everything the output depends on: the template's name, the
 * locale and time zone, and the whole context as JSON. Two renders with the same key print the
 * same HTML (the engine is a pure function of those), so a hit is never stale: a changed product,
 * a visitor's cart pill or a signed-in owner's roles are part of the context and so of the key.
 * A render that asked for the time (relative-time formatters) is not remembered.
 *
 * Bounded by the characters of keys and outputs together; the least recently used entry goes first.
 */
export class RenderMemo<V extends { readonly html: string }> {
  private readonly entries = new Map<string, V>();
  private size = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: V): void {
    const cost = key.length + value.html.length;
    if (cost > this.maxChars / 8) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.size -= key.length + old.html.length;
    }
    this.entries.set(key, value);
    this.size += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= oldest.length + entry.html.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  get count(): number {
    return this.entries.size;
  }
}

/**
 * The memo key of a render, or undefined when the context holds something JSON would blur
 * (NaN and ±Infinity print as null, a Map as `{}`, a function disappears): such renders are
 * not remembered rather than risk two different pages sharing a key.
 */
export function renderKey(
  name: string,
  context: unknown,
  settings: { readonly locale: string; readonly timeZone: string },
): string | undefined {
  if (!isExactJson(context, 0)) return undefined;
  const json = JSON.stringify(context);
  if (json === undefined) return undefined;
  return `${name}\u0000${settings.locale}\u0000${settings.timeZone}\u0000${json}`;
}

/** Deeper than this is not remembered (and `JSON.stringify` is spared a cycle). */
const MAX_DEPTH = 64;

/** Does JSON say exactly what the template will see? Dates count: their JSON is their instant. */
function isExactJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth > MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        // JSON writes an undefined entry as null.
        for (let i = 0; i < value.length; i++) {
          if (value[i] === undefined || !isExactJson(value[i], depth + 1)) return false;
        }
        return true;
      }
      if (!isPlain(value)) return value instanceof Date;
      const record = value as Record<string, unknown>;
      for (const key in record) if (!isExactJson(record[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
