/**
 * The public entry points: `compile` a source once, `render` it many times.
 */
import { type CompileTables, compileBlock } from './compiler/compile.js';
import { resetCodegenBudget } from './compiler/paths.js';
import { isStackOverflow } from './compiler/thrown.js';
import { compileEval } from './expr/eval.js';
import type { FormatterTable, PredicateTable, TemplateError } from './plugin.js';
import { DEFAULT_FORMATTERS, DEFAULT_PREDICATES } from './registry.js';
import type { Exec, RenderEnv } from './runtime/context.js';
import { outputLimitMessage, Runtime } from './runtime/context.js';
import { type CompileLimits, DEFAULT_LIMITS, type Limits, resolveLimits } from './runtime/limits.js';
import { type CldrSource, nodeCldr } from './runtime/cldr.js';
import type { RootNode } from './syntax/nodes.js';
import { parse } from './syntax/parser.js';

export interface CompileOptions {
  readonly formatters?: FormatterTable;
  readonly predicates?: PredicateTable;
  /** Preprocessor pass: only `{^…}` tags are instructions. */
  readonly preprocess?: boolean;
  /** Source length and instruction count limits (defaults in `DEFAULT_LIMITS`). */
  readonly limits?: Partial<CompileLimits>;
}

/** A compiled template: immutable, reusable across renders and safe to cache. */
export interface Template {
  readonly root: RootNode;
  /** Syntax errors found while compiling; reported again by every render. */
  readonly errors: readonly TemplateError[];
  /** @internal the compiled closures. */
  readonly exec: Exec;
  /** @internal the tables the closures were bound to. */
  readonly tables: CompileTables;
  readonly preprocess: boolean;
  /** @internal instructions read, checked against the limit when a cached template is reused. */
  readonly instructions: number;
}

export interface CompileResult {
  readonly template: Template;
  readonly errors: readonly TemplateError[];
}

const tablesCache = new WeakMap<FormatterTable, WeakMap<PredicateTable, CompileTables>>();

function tablesFor(formatters: FormatterTable, predicates: PredicateTable): CompileTables {
  let inner = tablesCache.get(formatters);
  if (inner === undefined) {
    inner = new WeakMap();
    tablesCache.set(formatters, inner);
  }
  let tables = inner.get(predicates);
  if (tables === undefined) {
    tables = { formatters, predicates, compileEval };
    inner.set(predicates, tables);
  }
  return tables;
}

function compileWith(source: string, tables: CompileTables, preprocess: boolean, limits: CompileLimits): CompileResult {
  if (source.length > limits.maxTemplateLength) {
    return failed(
      'limit',
      `Template not compiled: its ${source.length} characters exceed the maximum template length of ${limits.maxTemplateLength}`,
      tables,
      preprocess,
    );
  }
  try {
    return compileUnsafe(source, tables, preprocess, limits);
  } catch (e) {
    // Only a bug (or an exhausted stack) gets here: report it, never throw.
    const reason = isStackOverflow(e) ? 'it nests too deeply' : e instanceof Error ? e.message : String(e);
    return failed(
      isStackOverflow(e) ? 'limit' : 'syntax',
      `Template could not be compiled: ${reason}`,
      tables,
      preprocess,
    );
  }
}

/** A template that renders nothing and reports `message` on every render. */
function failed(
  type: TemplateError['type'],
  message: string,
  tables: CompileTables,
  preprocess: boolean,
): CompileResult {
  const errors: TemplateError[] = [{ type, message }];
  const root = Object.freeze({ kind: 'root', body: Object.freeze([]) }) as RootNode;
  const template: Template = Object.freeze({ root, errors, exec: () => {}, tables, preprocess, instructions: 0 });
  return { template, errors };
}

const instructionLimitMessage = (max: number): string =>
  `Template not compiled: it has more than the maximum of ${max} instructions`;

function compileUnsafe(
  source: string,
  tables: CompileTables,
  preprocess: boolean,
  limits: CompileLimits,
): CompileResult {
  const { formatters, predicates } = tables;
  const parsed = parse(source, {
    hasFormatter: (name) => Object.hasOwn(formatters, name),
    hasPredicate: (name) => Object.hasOwn(predicates, name),
    preprocess,
    maxInstructions: limits.maxInstructions,
  });
  if (parsed.instructions > limits.maxInstructions) {
    return failed('limit', instructionLimitMessage(limits.maxInstructions), tables, preprocess);
  }
  const errors: TemplateError[] = parsed.errors.map(({ message, line, column }) => ({
    type: 'syntax',
    message,
    line,
    column,
  }));
  resetCodegenBudget();
  const template: Template = Object.freeze({
    root: parsed.root,
    errors: Object.freeze(errors),
    exec: compileBlock(parsed.root.body, tables),
    tables,
    preprocess,
    instructions: parsed.instructions,
  });
  return { template, errors: template.errors };
}

/** The cached template, or a failure when it is over this render's compile limits. */
function withinLimits(template: Template, source: string, limits: CompileLimits): Template {
  if (source.length > limits.maxTemplateLength || template.instructions > limits.maxInstructions) {
    return compileWith(source, template.tables, template.preprocess, limits).template;
  }
  return template;
}

/** Parse and compile a template source. Never throws; syntax errors are returned. */
export function compile(source: string, options: CompileOptions = {}): CompileResult {
  const tables = tablesFor(options.formatters ?? DEFAULT_FORMATTERS, options.predicates ?? DEFAULT_PREDICATES);
  const limits = options.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...options.limits };
  return compileWith(source, tables, options.preprocess === true, limits);
}

export interface RenderOptions {
  /** Partial templates by name (sources or compiled templates). */
  readonly partials?: Readonly<Record<string, string | Template>>;
  /** Values for `{.inject @name key}` by key. */
  readonly injects?: Readonly<Record<string, unknown>>;
  readonly locale?: string;
  readonly timeZone?: string;
  /**
   * CLDR data for the locale: a source made with `createCldrSource` from the packs a browser
   * bundles. Default: every pack of `@phensley/cldr`, read with Node's `require`.
   */
  readonly cldr?: CldrSource;
  /**
   * "Now" in epoch milliseconds, or a function asked for it the first time a template needs the
   * time (the relative-time formatters), so a caller can tell whether the output depends on it.
   */
  readonly now?: number | (() => number);
  /** Used when `template` is a source string. */
  readonly formatters?: FormatterTable;
  readonly predicates?: PredicateTable;
  readonly limits?: Partial<Limits>;
  /** Run `{.eval}` instructions (default true). */
  readonly enableExpr?: boolean;
  /** Run `{.include}` instructions (default true). */
  readonly enableInclude?: boolean;
  /** Used when `template` is a source string: the preprocessor pass. */
  readonly preprocess?: boolean;
}

export interface RenderResult {
  readonly output: string;
  readonly errors: readonly TemplateError[];
}

/** Compiled partials per partials object, so a server passing the same map reuses them. */
interface CachedPartial {
  readonly source: string;
  readonly result: CompileResult;
}

const partialCache = new WeakMap<object, Map<string, CachedPartial>>();

function partialResolver(
  partials: Readonly<Record<string, string | Template>> | undefined,
  tables: CompileTables,
  limits: CompileLimits,
): RenderEnv['partial'] {
  if (partials === undefined) return () => undefined;
  let cache = partialCache.get(partials);
  if (cache === undefined) {
    cache = new Map();
    partialCache.set(partials, cache);
  }
  const compiled = cache;
  return (name, rt) => {
    if (!Object.hasOwn(partials, name)) return undefined;
    const source = partials[name];
    let result: CompileResult | undefined;
    if (typeof source === 'string') {
      const cached = compiled.get(name);
      // Recompile when the map was edited or the template uses other tables.
      if (cached !== undefined && cached.source === source && cached.result.template.tables === tables) {
        const template = withinLimits(cached.result.template, source, limits);
        result = template === cached.result.template ? cached.result : { template, errors: template.errors };
      } else {
        result = compileWith(source, tables, false, limits);
        compiled.set(name, { source, result });
      }
    } else if (source !== undefined) {
      result = { template: source, errors: source.errors };
    } else {
      return undefined;
    }
    if (result.errors.length > 0) {
      for (const error of result.errors) rt.error('partial', `Parse of partial "${name}" failed: ${error.message}`);
      return () => {};
    }
    return result.template.exec;
  };
}

/** Sources rendered directly are compiled once and kept (most recently used first out last). */
const SOURCE_CACHE_SIZE = 256;
/** Longer sources are not kept, which bounds the cache at 16 MiB of source text. */
const SOURCE_CACHE_MAX_LENGTH = 64 * 1024;
const sourceCache = new WeakMap<CompileTables, Map<string, Template>>();

function compileCached(source: string, options: RenderOptions, limits: CompileLimits): Template {
  const tables = tablesFor(options.formatters ?? DEFAULT_FORMATTERS, options.predicates ?? DEFAULT_PREDICATES);
  const preprocess = options.preprocess === true;
  if (source.length > SOURCE_CACHE_MAX_LENGTH) return compileWith(source, tables, preprocess, limits).template;
  let cache = sourceCache.get(tables);
  if (cache === undefined) {
    cache = new Map();
    sourceCache.set(tables, cache);
  }
  const key = preprocess ? `^${source}` : ` ${source}`;
  let template = cache.get(key);
  if (template === undefined) {
    template = compileWith(source, tables, preprocess, limits).template;
    if (cache.size >= SOURCE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  } else {
    cache.delete(key);
  }
  cache.set(key, template);
  return withinLimits(template, source, limits);
}

/** Render a compiled template (or a source, compiled on the spot) against JSON data. Never throws. */
export function render(template: Template | string, json: unknown, options: RenderOptions = {}): RenderResult {
  const limits = resolveLimits(options.limits);
  const compiled = typeof template === 'string' ? compileCached(template, options, limits) : template;
  const env: RenderEnv = {
    locale: options.locale ?? 'en-US',
    timeZone: options.timeZone ?? 'America/New_York',
    cldr: options.cldr ?? nodeCldr,
    now: options.now ?? Date.now,
    enableExpr: options.enableExpr ?? true,
    enableInclude: options.enableInclude ?? true,
    limits,
    injects: options.injects,
    partial: partialResolver(options.partials, compiled.tables, limits),
  };
  const rt = new Runtime(json, env);
  try {
    compiled.exec(rt);
  } catch (e) {
    if (isStackOverflow(e)) rt.halt('Rendering stopped: the data nests too deeply to process');
    else rt.error('render', `Unexpected error: ${e instanceof Error ? e.message : String(e)}`);
  }
  let output = rt.out;
  const maxOutput = env.limits.maxOutputLength;
  if (output.length > maxOutput) {
    // Loops and partials stop as soon as the limit is passed; this makes it exact.
    rt.halt(outputLimitMessage(maxOutput));
    output = output.slice(0, maxOutput);
  }
  const errors = compiled.errors.length > 0 ? [...compiled.errors, ...rt.errors] : rt.errors;
  return { output, errors };
}
