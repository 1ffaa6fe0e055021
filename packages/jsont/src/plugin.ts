/**
 * The contract between the template engine and its formatters and predicates.
 *
 * Values are plain JavaScript values decoded from JSON: `undefined` stands for a
 * missing node, `null` for JSON null. Formatters never throw for bad input: they
 * report through `ctx.error` / leave an empty string, the way the language defines.
 */
import type { CLDR } from '@phensley/cldr';

/** One value flowing through a formatter chain: `{a,b|fmt}` passes two variables. */
export interface Variable {
  readonly name: string;
  value: unknown;
}

export type TemplateErrorType =
  | 'syntax'
  | 'formatter'
  | 'predicate'
  | 'partial'
  | 'expression'
  | 'include'
  | 'limit'
  | 'render';

export interface TemplateError {
  readonly type: TemplateErrorType;
  readonly message: string;
  /** 1-based line and column of the instruction, when known. */
  readonly line?: number;
  readonly column?: number;
}

/** How `applyPartial` runs a partial or macro. */
export interface PartialOptions {
  /** Lookups stop at the partial's own node instead of continuing outwards. */
  readonly private?: boolean;
  /** Bound as `@args` inside the partial. */
  readonly args?: Readonly<Record<string, string>>;
}

/** What a formatter or predicate may see and do while a template renders. */
export interface RenderContext {
  /** BCP 47 locale tag of this render, e.g. `en-US`. */
  readonly locale: string;
  /** IANA time zone of this render, e.g. `America/New_York`. */
  readonly timeZone: string;
  /** "Now" in epoch milliseconds (fixed for the whole render). */
  readonly now: number;
  /** CLDR bundle for `locale`, created lazily and cached per locale. */
  cldr(): CLDR;
  /** The value of the current stack frame (`@`). */
  node(): unknown;
  /** The value of the enclosing stack frame, or undefined at the root. */
  parentNode(): unknown;
  /**
   * Resolve a dotted path (`a.b.0.c`, `@`, `@index`, `$name`) from the current
   * frame outwards, exactly as a `{variable}` instruction would.
   */
  resolve(path: string): unknown;
  /** Resolve path segments already split. */
  resolvePath(segments: readonly (string | number)[]): unknown;
  /** The 1-based index of the current repeated-section iteration, or -1. */
  index(): number;
  /** An injected value by name (from `render(..., { injects })`). */
  injectable(name: string): unknown;
  /** Render the partial `name` with `value` as its root node. Undefined when it failed (an error is recorded). */
  renderPartial(name: string, value: unknown): string | undefined;
  /** Render the macro `name` defined by `{.macro}` against the current frame. */
  renderMacro(name: string, value: unknown): string | undefined;
  /**
   * Resolve a dotted path starting one frame out: inside a `{variable|formatter}`
   * the current frame is the variable itself, so this is the template's scope.
   */
  resolveOuter(path: string): unknown;
  /**
   * Render a macro (searched first) or partial with `value` as its node, as the
   * `apply` formatter does. Undefined when it failed (an error is recorded).
   */
  applyPartial(name: string, value: unknown, options?: PartialOptions): string | undefined;
  /** Record a non-fatal error; rendering continues. */
  error(type: TemplateErrorType, message: string): void;
  /**
   * A formatter value longer than this stops the render with a `limit` error. Formatters that build
   * long text stop building once past it (returning what they have, which the engine then refuses).
   */
  readonly maxOutputLength: number;
}

export interface Formatter {
  /** Transform `vars[0].value` (and the others, for multi-variable instructions) in place. */
  apply(args: readonly string[], vars: Variable[], ctx: RenderContext): void;
}

export interface Predicate {
  apply(args: readonly string[], ctx: RenderContext): boolean;
}

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;

/** Build a formatter from a function of the first variable's value. */
export function valueFormatter(
  fn: (value: unknown, args: readonly string[], ctx: RenderContext) => unknown,
): Formatter {
  const formatter: Formatter = {
    apply(args, vars, ctx) {
      const first = vars[0];
      if (first) first.value = fn(first.value, args, ctx);
    },
  };
  VALUE_FUNCTIONS.set(formatter, fn);
  return formatter;
}

/** @internal The function behind each `valueFormatter`, which the compiler may call directly. */
export const VALUE_FUNCTIONS = new WeakMap<
  Formatter,
  (value: unknown, args: readonly string[], ctx: RenderContext) => unknown
>();

/** @internal A value formatter's function: the value in, the new value out. */
export type ValueFunction = (value: unknown, args: readonly string[], ctx: RenderContext) => unknown;

/**
 * @internal Value formatters that can bind their argument list when the template compiles (the
 * options they parse from it): the bound function gives what the formatter's function gives
 * with those arguments, whatever arguments it is then called with.
 */
export const VALUE_BINDERS = new WeakMap<Formatter, (args: readonly string[]) => ValueFunction>();

/**
 * @internal Value formatters that run as one function when the second directly follows the
 * first in a chain (`{text|html|line-breaks}`): the fused function gives what the two give in
 * turn, with the same output limit behaviour. It gets the second one's arguments; the first
 * one's are ignored (only formatters without arguments come first in a fused pair).
 */
export const FUSED_FORMATTERS = new WeakMap<Formatter, WeakMap<Formatter, ValueFunction>>();

/** @internal Register a fused pair (see `FUSED_FORMATTERS`). */
export function fuseFormatters(first: Formatter, second: Formatter, fused: ValueFunction): void {
  let seconds = FUSED_FORMATTERS.get(first);
  if (seconds === undefined) {
    seconds = new WeakMap();
    FUSED_FORMATTERS.set(first, seconds);
  }
  seconds.set(second, fused);
}

/**
 * @internal Formatters that read nothing of the render but their value, arguments, the output
 * limit and `error`: the compiler runs them without making the value the current frame.
 */
export const FRAME_FREE = new WeakSet<Formatter>();

/** @internal Mark the named formatters of a table as frame-free. */
export function markFrameFree(table: FormatterTable, names: readonly string[]): void {
  for (const name of names) {
    const formatter = table[name];
    if (formatter !== undefined) FRAME_FREE.add(formatter);
  }
}

/** @internal Resolves a dotted path the way `RenderContext.resolve` does, bound at compile time. */
export type PathReader = (ctx: RenderContext) => unknown;

/**
 * @internal Predicates that can bind their argument list once, when the template compiles: given
 * the arguments and a way to bind a path, the test to run (same result as `apply`).
 */
export const PREDICATE_BINDERS = new WeakMap<
  Predicate,
  (args: readonly string[], bindPath: (path: string) => PathReader) => (ctx: RenderContext) => boolean
>();

/** @internal What a planned predicate reads: a path (looked up as a variable is), a value, or the current node. */
export type PlanOperand = { readonly path: string } | { readonly value: unknown } | 'node';

/**
 * @internal A predicate as a test of the values it reads, for generated code to read them in
 * place (see `PREDICATE_PLANS`); `test` is called with the operands' values in order.
 */
export interface PredicatePlan {
  readonly operands: readonly PlanOperand[];
  readonly test: (...values: unknown[]) => boolean;
}

/**
 * @internal Predicates whose argument list can be planned when the template compiles: the same
 * result as `apply` (and as the binder's test), as a test of values the caller reads.
 */
export const PREDICATE_PLANS = new WeakMap<Predicate, (args: readonly string[]) => PredicatePlan>();

/** Build a predicate from a function of the current node. */
export function nodePredicate(fn: (node: unknown, args: readonly string[], ctx: RenderContext) => boolean): Predicate {
  return { apply: (args, ctx) => fn(ctx.node(), args, ctx) };
}
