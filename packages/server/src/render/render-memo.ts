import { hash, randomBytes } from 'node:crypto';

/**
 * Remembers rendered templates by everything the output depends on: the template's name, the
 * locale and time zone, and the whole context as JSON (its SHA-256: V8 hashes long strings by
 * their length alone, so the JSON itself makes a slow map key). Two renders with the same key print
 * the same HTML (the engine is a pure function of those), so a hit is never stale: a changed
 * product, a visitor's cart pill or a signed-in owner's roles are part of the context and so of
 * the key. A render that asked for the time (relative-time formatters) is not remembered.
 *
 * Bounded by the characters of the outputs; the least recently used entry goes first.
 */
export class RenderMemo<V extends MemoValue> {
  private readonly entries = new Map<string, V>();
  private size = 0;
  /** Renders through `remember` that read the clock, ever: callers that remember more compare it. */
  clockReads = 0;
  /** Lookups that found a page, and those that did not (`/metrics`). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars: number) {}

  /** A memo of size 0 keeps nothing, and `remember` then spares itself the key. */
  get enabled(): boolean {
    return this.maxChars > 0;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: V): void {
    const cost = KEY_COST + value.html.length;
    if (cost > this.maxChars / 8) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.size -= KEY_COST + old.html.length;
    }
    this.entries.set(key, value);
    this.size += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= KEY_COST + entry.html.length;
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

/** What the memo keeps: a rendered text, and (set by `remember`) whether it may be shared. */
export interface MemoValue {
  readonly html: string;
  /**
   * Set on what `remember` returns when the page may be kept whole for any visitor with the same
   * context but the token (issue 20, `domains/web/page-answers.ts`): the page with `TOKEN_STAND_IN`
   * where the visitor token was, checked by a second render as the memo checks its own entries, from
   * a render that did not read the clock. Undefined: keep nothing of this page.
   */
  readonly shared?: string;
}

/** What a key costs, counted like characters of output. */
const KEY_COST = 64;

export interface MemoSettings {
  readonly locale: string;
  readonly timeZone: string;
  readonly now?: number | (() => number);
  /**
   * A per-visitor token printed in the page (the crumb). Pages that differ only by it share one
   * entry: it is remembered as a stand-in and put back on the way out (see `remember`).
   */
  readonly visitorToken?: string;
  /**
   * `false`: draw without the memo, for pages each visitor sees alone (account, checkout, order): they
   * would only push the shared pages out of a memo the theme's every route shares.
   */
  readonly remember?: false;
}

/**
 * The memo key of a render, or undefined when the context holds something JSON would blur
 * (NaN and ±Infinity print as null, a Map as `{}`, a function disappears): such renders are
 * not remembered rather than risk two different pages sharing a key.
 */
export function renderKey(name: string, context: unknown, settings: MemoSettings): string | undefined {
  const json = contextJson(context);
  return json === undefined ? undefined : keyOf(name, json, settings);
}

function contextJson(context: unknown): string | undefined {
  if (!isExactJson(context, 0)) return undefined;
  return JSON.stringify(context);
}

function keyOf(name: string, json: string, settings: MemoSettings): string {
  return hash('sha256', `${name}\u0000${settings.locale}\u0000${settings.timeZone}\u0000${json}`, 'base64');
}

/** Random per process, in the crumb's alphabet, so no page holds it by chance. */
export const TOKEN_STAND_IN = `tv${randomBytes(24).toString('base64url')}`;
/** Tokens the stand-in may replace: long, and in an alphabet JSON and HTML print as they are. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * `draw(context, settings)` once per distinct key; later calls get the remembered result back.
 * Not remembered: renders given a fixed `now`, renders that read the clock, contexts JSON blurs.
 * With a visitor token, the page is remembered with a stand-in in its place, and only after a
 * second render from the stand-in context printed exactly the same page with the stand-in where
 * the token was (so the template passes the token through untouched); a hit puts the visitor's own
 * token back. A token that does not pass that check keeps its pages apart, one per visitor.
 */
export function remember<V extends MemoValue>(
  memo: RenderMemo<V>,
  name: string,
  context: unknown,
  settings: MemoSettings,
  draw: (context: unknown, settings: MemoSettings) => V,
): V {
  let readClock = false;
  const clock =
    settings.now !== undefined
      ? settings
      : {
          ...settings,
          now: () => {
            readClock = true;
            memo.clockReads++;
            return Date.now();
          },
        };
  const json =
    settings.now === undefined && settings.remember !== false && memo.enabled ? contextJson(context) : undefined;
  if (json === undefined) return draw(context, clock);
  const given = settings.visitorToken;
  const printed = given !== undefined && given !== '' && json.includes(given);
  const token = printed && TOKEN.test(given) ? given : undefined;
  // A token the stand-in cannot replace stays in the page: such a page is never shared.
  const shareable = !printed || token !== undefined;
  const shared = token === undefined ? json : json.split(token).join(TOKEN_STAND_IN);
  const key = keyOf(name, shared, settings);
  const hit = memo.get(key);
  if (hit === undefined) memo.misses++;
  else memo.hits++;
  if (hit !== undefined) {
    if (!shareable) return hit.shared === undefined ? hit : { ...hit, shared: undefined };
    return token === undefined ? hit : { ...hit, html: hit.html.split(TOKEN_STAND_IN).join(token) };
  }

  const result = draw(context, clock);
  if (readClock) return result;
  if (token === undefined) {
    const kept = shareable ? { ...result, shared: result.html } : result;
    memo.set(key, kept);
    return kept;
  }
  const standIn = draw(withStandIn(context, token), clock);
  if (!readClock && standIn.html === result.html.split(token).join(TOKEN_STAND_IN)) {
    memo.set(key, { ...standIn, shared: standIn.html });
    return { ...result, shared: standIn.html };
  }
  return result;
}

/**
 * `context` with every string that holds `token` written with the stand-in instead: a new object
 * along those paths only, the rest shared (the context is exact JSON, `isExactJson`, so this is what
 * `JSON.parse` of the stand-in JSON would give, without parsing the whole context again, and dates
 * stay dates as the visitor's render saw them).
 */
function withStandIn(value: unknown, token: string): unknown {
  if (typeof value === 'string') return value.includes(token) ? value.split(token).join(TOKEN_STAND_IN) : value;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = withStandIn(value[i], token);
      if (next !== value[i]) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    const next = withStandIn(record[key], token);
    if (next !== record[key]) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? value;
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
