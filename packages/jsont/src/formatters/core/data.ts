/** Core formatters that pick, reshape or serialise data. */
import type { FormatterTable, RenderContext } from '../../plugin.js';
import { valueFormatter } from '../../plugin.js';
import { asNumber, asString, isTruthy, walk } from '../../runtime/values.js';
import { splitPath } from '../../syntax/tag.js';

const SCRIPT_CLOSE = /<\//g;

/** JSON text safe to embed in a `<script>` element. */
export function scriptSafeJson(value: unknown, indent?: string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const json = JSON.stringify(value, undefined, indent) ?? '';
  return json.includes('</') ? json.replace(SCRIPT_CLOSE, '<\\/') : json;
}

/** Fill `{0}`, `{1}` … in `pattern` from `args`; unknown indices vanish. */
export function formatPattern(pattern: string, args: readonly unknown[]): string {
  let out = '';
  let index = -1; // -1 outside braces, -2 skipping a malformed brace, else the digits read
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (index === -2) {
      if (ch === '}') index = -1;
    } else if (index >= 0) {
      if (ch >= '0' && ch <= '9') index = index * 10 + (ch.charCodeAt(0) - 48);
      else if (ch === '}') {
        if (index < args.length) out += String(args[index]);
        index = -1;
      } else index = -2;
    } else if (ch === '{') index = 0;
    else out += ch;
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

export const DATA_FORMATTERS: FormatterTable = {
  count: valueFormatter((v) => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    if (typeof v === 'object' && v !== null) return Object.keys(v).length;
    return 0;
  }),
  cycle: valueFormatter((v, args) => {
    let index = (asNumber(v) - 1) % args.length;
    if (index < 0) index += args.length;
    return args[index];
  }),
  'find-first': valueFormatter((v, args, ctx) => findNth(v, args, ctx, true)),
  'find-last': valueFormatter((v, args, ctx) => findNth(v, args, ctx, false)),
  format: valueFormatter((v, args, ctx) => {
    const values = args.map((arg) => {
      const value = ctx.resolveOuter(arg);
      return value === null || value === undefined ? '' : value;
    });
    return formatPattern(asString(v), values);
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
  'json-pretty': valueFormatter((v) => (v === undefined ? '' : scriptSafeJson(v, '  '))),
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
  raw: valueFormatter((v) => JSON.stringify(v === undefined ? null : v)),
  round: valueFormatter((v) => Math.round(asNumber(v))),
  str: valueFormatter((v) => (typeof v === 'object' && v !== null ? '' : asString(v))),
};
