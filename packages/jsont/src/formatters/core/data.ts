/** Core formatters that pick, reshape or serialise data. */
import type { FormatterTable, RenderContext } from '../../plugin.js';
import { markFrameFree, valueFormatter } from '../../plugin.js';
import { asNumber, asString, isTruthy, VOID, VOID_AWARE, walk } from '../../runtime/values.js';
import { splitPath } from '../../syntax/tag.js';

const SCRIPT_CLOSE = /<\//g;

/** JSON text safe to embed in a `<script>` element. */
export function scriptSafeJson(value: unknown, indent?: string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const json = JSON.stringify(value, undefined, indent) ?? '';
  return json.includes('</') ? json.replace(SCRIPT_CLOSE, '<\\/') : json;
}

/** `json-pretty` refuses values nested deeper than this. */
export const MAX_PRETTY_DEPTH = 1000;

/** Whether arrays and objects in `value` nest deeper than `max` (iterative, stops early). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > max) return true;
    for (const key in node as object) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Fill `{0}`, `{1}` … in `pattern` from `args`; unknown indices vanish, as does a
 * malformed brace up to its `}`. Stops building once past `max` characters.
 */
export function formatPattern(pattern: string, args: readonly unknown[], max = Number.POSITIVE_INFINITY): string {
  let out = '';
  let i = 0;
  const len = pattern.length;
  while (i < len) {
    const open = pattern.indexOf('{', i);
    if (open === -1) {
      out += pattern.slice(i);
      break;
    }
    out += pattern.slice(i, open);
    let j = open + 1;
    let index = 0;
    while (j < len) {
      const c = pattern.charCodeAt(j);
      if (c < 48 || c > 57) break;
      index = index * 10 + (c - 48);
      j++;
    }
    if (j < len && pattern.charCodeAt(j) === 125 /* } */) {
      if (index < args.length) out += String(args[index]);
    } else {
      j = pattern.indexOf('}', j);
      if (j === -1) break;
    }
    i = j + 1;
    if (out.length > max) break;
  }
  return out;
}

/** Follow a path given as text (`a.b.0`). */
function followText(value: unknown, path: string): unknown {
  return walk(value, splitPath(path), 0);
}

function findNth(items: unknown, args: readonly string[], ctx: RenderContext, forward: boolean): unknown {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const lookup = args.length === 2 ? ctx.resolve(args[0] as string) : undefined;
  const hasLookup = args.length === 2;
  const path = args.length >= 1 ? splitPath(args[hasLookup ? 1 : 0] as string) : null;
  const step = forward ? 1 : -1;
  for (let i = forward ? 0 : items.length - 1; forward ? i < items.length : i >= 0; i += step) {
    const item = items[i];
    if (path === null) return item;
    const candidate = hasLookup ? walk(lookup, [asString(item)], 0) : item;
    if (isTruthy(walk(candidate, path, 0))) return item;
  }
  return undefined;
}

const raw = valueFormatter((v) => (v === VOID ? VOID : JSON.stringify(v === undefined ? null : v)));
VOID_AWARE.add(raw);

export const DATA_FORMATTERS: FormatterTable = {
  count: valueFormatter((v) => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    if (typeof v === 'object' && v !== null) return Object.keys(v).length;
    return 0;
  }),
  cycle: valueFormatter((v, args) => {
    let index = (asNumber(v) - 1) % args.length;
    if (index < 0) index += args.length;
    // Like the reference, an index that reads nothing (NaN, a fraction, no arguments) yields no value.
    return args[index] ?? VOID;
  }),
  'find-first': valueFormatter((v, args, ctx) => findNth(v, args, ctx, true)),
  'find-last': valueFormatter((v, args, ctx) => findNth(v, args, ctx, false)),
  format: valueFormatter((v, args, ctx) => {
    const values = args.map((arg) => {
      const value = ctx.resolveOuter(arg);
      return value === null || value === undefined ? '' : value;
    });
    return formatPattern(asString(v), values, ctx.maxOutputLength);
  }),
  get: valueFormatter((v, args, ctx) => {
    let current = v;
    for (const arg of args) {
      const key = ctx.resolve(arg);
      if (key === undefined) return undefined;
      const path = Array.isArray(key) ? key : [typeof key === 'number' ? key : asString(key)];
      current = walk(current, path, 0);
      if (current === undefined) return undefined;
    }
    return current;
  }),
  iter: valueFormatter((_v, _args, ctx) => asString(ctx.resolve('@index'))),
  json: valueFormatter((v) => (v === undefined ? '' : scriptSafeJson(v))),
  'json-pretty': valueFormatter((v, _args, ctx) => {
    if (v === undefined) return '';
    // Indentation grows with depth, so deep values cost quadratic memory before the stack runs out.
    if (nestsDeeperThan(v, MAX_PRETTY_DEPTH)) {
      ctx.error('limit', `json-pretty: the value nests deeper than ${MAX_PRETTY_DEPTH} levels`);
      return '';
    }
    return scriptSafeJson(v, '  ');
  }),
  'key-by': valueFormatter((v, args) => {
    const result: Record<string, unknown> = {};
    const path = args[0];
    if (Array.isArray(v) && path) {
      const segments = splitPath(path);
      for (const item of v) {
        const key = walk(item, segments, 0);
        if (key !== undefined) result[String(key)] = item;
      }
    }
    return result;
  }),
  lookup: valueFormatter((_v, args, ctx) => {
    const key = args[0];
    if (!key) return '';
    return ctx.resolve(asString(ctx.resolve(key)));
  }),
  mod: valueFormatter((v, args) => {
    const divisor = Number.parseInt(args[0] as string, 10) || 2;
    return asNumber(v) % divisor;
  }),
  output: valueFormatter((_v, args) => args.join(' ')),
  pluralize: valueFormatter((v, args) => {
    let singular = '';
    let plural = 's';
    if (args.length === 1) plural = args[0] as string;
    else if (args.length >= 2) {
      singular = args[0] as string;
      plural = args[1] as string;
    }
    return asNumber(v) === 1 ? singular : plural;
  }),
  prop: valueFormatter((v, args) => {
    let current = v;
    for (const arg of args) {
      current = followText(current, arg);
      if (current === undefined) break;
    }
    return current;
  }),
  raw,
  round: valueFormatter((v) => Math.round(asNumber(v))),
  str: valueFormatter((v) => (typeof v === 'object' && v !== null ? '' : asString(v))),
};

markFrameFree(DATA_FORMATTERS, [
  'count',
  'cycle',
  'json',
  'json-pretty',
  'key-by',
  'mod',
  'output',
  'pluralize',
  'prop',
  'raw',
  'round',
  'str',
]);
