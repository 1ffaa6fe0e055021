/**
 * Looking names up the way a template block nested under a node does: the
 * first segment is searched on the node, then outwards through the render's
 * frames; the rest descends from there.
 */
import type { RenderContext } from '../plugin.js';
import { asString, isObject, path } from '../values/json.js';

export function lookup(node: unknown, ctx: RenderContext, first: string, ...rest: (string | number)[]): unknown {
  const base = isObject(node) && Object.hasOwn(node, first) ? node[first] : ctx.resolve(first);
  return path(base, ...rest);
}

/** A `localizedStrings` entry as text, or undefined when it is missing. */
export function localizedString(node: unknown, ctx: RenderContext, key: string): string | undefined {
  const value = lookup(node, ctx, 'localizedStrings', key);
  return value === undefined ? undefined : asString(value);
}

/** How a `{variable}` prints a scalar: strings as they are, numbers and booleans as text, anything else empty. */
export function printed(value: unknown): string {
  return asString(value);
}
