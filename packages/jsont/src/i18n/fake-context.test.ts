/**
 * A small stand-in for the engine's render context, so formatters can be tested
 * on their own. Imported by the other i18n, date and social tests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type CLDR, CLDRFramework } from '@phensley/cldr';
import { describe, expect, it } from 'vitest';
import type { RenderContext, TemplateError, Variable } from '../plugin.js';
import type { FormatterTable } from '../plugin.js';

const packs = join(dirname(createRequire(import.meta.url).resolve('@phensley/cldr')), '..', 'packs');
const framework = new CLDRFramework({ loader: (language) => readFileSync(join(packs, `${language}.json`), 'utf8') });

export interface FakeOptions {
  locale?: string;
  timeZone?: string;
  now?: number;
  /** The page JSON, resolved by `resolve`. */
  root?: unknown;
  /** The current node `@`. */
  node?: unknown;
}

export interface FakeContext extends RenderContext {
  readonly errors: TemplateError[];
}

function walk(value: unknown, segments: readonly (string | number)[]): unknown {
  let cur = value;
  for (const seg of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

export function fakeContext(options: FakeOptions = {}): FakeContext {
  const locale = options.locale ?? 'en';
  const errors: TemplateError[] = [];
  let bundle: CLDR | undefined;
  const resolvePath = (segments: readonly (string | number)[]): unknown => {
    if (segments.length === 1 && segments[0] === '@') return options.node;
    const fromNode = walk(options.node, segments);
    return fromNode !== undefined ? fromNode : walk(options.root, segments);
  };
  return {
    locale,
    timeZone: options.timeZone ?? 'America/New_York',
    now: options.now ?? 0,
    errors,
    cldr() {
      bundle ??= framework.get(locale);
      return bundle;
    },
    node: () => options.node,
    parentNode: () => undefined,
    resolve: (path) => resolvePath(path === '@' ? ['@'] : path.split('.')),
    resolvePath,
    resolveOuter: (path) => walk(options.root, path.split('.')),
    applyPartial: () => undefined,
    index: () => -1,
    injectable: () => undefined,
    renderPartial: () => undefined,
    renderMacro: () => undefined,
    maxOutputLength: 16 * 1024 * 1024,
    error(type, message) {
      errors.push({ type, message });
    },
  };
}

/** Run formatter `name` of `table` over the values, returning the first variable's result. */
export function runFormatter(
  table: FormatterTable,
  name: string,
  args: readonly string[],
  values: readonly unknown[],
  ctx: RenderContext = fakeContext(),
): unknown {
  const formatter = table[name];
  if (!formatter) throw new Error(`no formatter ${name}`);
  const vars: Variable[] = values.map((value, i) => ({ name: `v${i}`, value }));
  formatter.apply(args, vars, ctx);
  return vars[0]?.value;
}

describe('fake render context', () => {
  it('loads locale data and resolves paths', () => {
    const ctx = fakeContext({ locale: 'fr', root: { website: { timeZone: 'Asia/Tokyo' } } });
    expect(ctx.cldr().General.locale().tag.language()).toBe('fr');
    expect(ctx.resolve('website.timeZone')).toBe('Asia/Tokyo');
  });
});
