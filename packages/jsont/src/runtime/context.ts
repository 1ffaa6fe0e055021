/**
 * The state of one render: the frame stack, the output buffer, errors and
 * counters. It is also the `RenderContext` handed to formatters and predicates.
 */
import type { CLDR } from '@phensley/cldr';
import type { PartialOptions, RenderContext, TemplateError, TemplateErrorType } from '../plugin.js';
import type { Path } from '../syntax/nodes.js';
import { compilePath, type Resolver } from '../compiler/paths.js';
import { splitPath } from '../syntax/tag.js';
import type { CldrSource } from './cldr.js';
import type { Limits } from './limits.js';
import { Frame, Vars } from './frame.js';
import { child, walk } from './values.js';

export const outputLimitMessage = (max: number): string => `Output exceeded the maximum length of ${max} characters`;

/** Errors kept per render (the last one a note that more were dropped); see `Runtime.error`. */
export const MAX_ERRORS = 1000;
/** Error messages are cut at this length (they quote names and sources). */
export const MAX_ERROR_MESSAGE = 1000;

function clipMessage(message: string): string {
  return message.length > MAX_ERROR_MESSAGE ? `${message.slice(0, MAX_ERROR_MESSAGE)}…` : message;
}

/** A compiled piece of template: appends to `rt.out`. */
export type Exec = (rt: Runtime) => void;

/** Everything a render needs besides the data. */
export interface RenderEnv {
  readonly locale: string;
  readonly timeZone: string;
  /** Where the formatters get CLDR data for `locale` (`RenderOptions.cldr`). */
  readonly cldr: CldrSource;
  /** "Now" in epoch milliseconds, or the function that tells it (called at most once per render). */
  readonly now: number | (() => number);
  readonly enableExpr: boolean;
  readonly enableInclude: boolean;
  readonly limits: Limits;
  readonly injects: Readonly<Record<string, unknown>> | undefined;
  /** Find a named partial, compiling it on first use; parse errors go to `rt`. */
  partial(name: string, rt: Runtime): Exec | undefined;
}

const pathCache = new Map<string, Path>();
function cachedPath(raw: string): Path {
  let path = pathCache.get(raw);
  if (path === undefined) {
    path = splitPath(raw);
    if (pathCache.size > 10_000) pathCache.clear();
    pathCache.set(raw, path);
  }
  return path;
}

/**
 * Formatters resolve the same few paths (`website.timeZone`, …) over and over:
 * each gets the compiled resolver a `{variable}` with that path would use.
 */
const resolverCache = new Map<string, Resolver>();
/** The path asked for last, in front of the map: mostly the same one (the site's time zone). */
let lastPath = '';
let lastResolver: Resolver | undefined;
export function resolverFor(raw: string): Resolver {
  if (raw === lastPath && lastResolver !== undefined) return lastResolver;
  let resolver = resolverCache.get(raw);
  if (resolver === undefined) {
    resolver = compilePath(cachedPath(raw));
    if (resolverCache.size > 2000) resolverCache.clear();
    resolverCache.set(raw, resolver);
  }
  lastPath = raw;
  lastResolver = resolver;
  return resolver;
}

export class Runtime implements RenderContext {
  out = '';
  frame: Frame;
  readonly errors: TemplateError[] = [];
  /** Set when a limit is hit: every loop and partial stops. */
  halted = false;
  iterations = 0;
  partialDepth = 0;
  private bundle: CLDR | undefined;
  private clock: number | undefined;
  private readonly maxIterations: number;
  private readonly maxOutput: number;

  constructor(
    root: unknown,
    readonly env: RenderEnv,
  ) {
    this.frame = new Frame(root, undefined);
    this.maxIterations = env.limits.maxIterations;
    this.maxOutput = env.limits.maxOutputLength;
  }

  get locale(): string {
    return this.env.locale;
  }
  get timeZone(): string {
    return this.env.timeZone;
  }
  get now(): number {
    if (this.clock === undefined) {
      const now = this.env.now;
      this.clock = typeof now === 'function' ? now() : now;
    }
    return this.clock;
  }

  cldr(): CLDR {
    if (this.bundle === undefined) this.bundle = this.env.cldr(this.env.locale);
    return this.bundle;
  }

  node(): unknown {
    return this.frame.node;
  }

  parentNode(): unknown {
    return this.frame.parent?.node;
  }

  push(node: unknown): Frame {
    const frame = new Frame(node, this.frame);
    this.frame = frame;
    return frame;
  }

  pop(): void {
    this.frame = this.frame.parent as Frame;
  }

  resolve(path: string): unknown {
    return resolverFor(path)(this);
  }

  resolvePath(segments: readonly (string | number)[]): unknown {
    return this.resolveFrom(segments, this.frame);
  }

  resolveOuter(path: string): unknown {
    return this.resolveFrom(cachedPath(path), this.frame.parent ?? this.frame);
  }

  /** Resolve a path: the first segment searched outwards from `frame`, the rest walked down. */
  resolveFrom(path: readonly (string | number)[], frame: Frame): unknown {
    const head = path[0];
    if (head === undefined) return undefined;
    const value = head === '@' ? frame.node : this.lookup(head, frame);
    return path.length === 1 ? value : walk(value, path, 1);
  }

  /** Search for a name from `frame` outwards. */
  lookup(name: string | number, frame: Frame): unknown {
    for (let f: Frame | undefined = frame; f !== undefined; f = f.parent) {
      const value = nameIn(name, f);
      if (value !== undefined) return value;
      if (f.stop) break;
    }
    return undefined;
  }

  index(): number {
    for (let f: Frame | undefined = this.frame; f !== undefined; f = f.parent) {
      if (f.index !== -1) return f.index + 1;
    }
    return -1;
  }

  setVar(name: string, value: unknown): void {
    const frame = this.frame;
    if (frame.vars === undefined) frame.vars = new Vars();
    frame.vars.set(name, value);
  }

  setMacro(name: string, body: Exec): void {
    const frame = this.frame;
    if (frame.macros === undefined) frame.macros = new Map();
    frame.macros.set(name, body);
  }

  findMacro(name: string): Exec | undefined {
    for (let f: Frame | undefined = this.frame; f !== undefined; f = f.parent) {
      const body = f.macros?.get(name);
      if (body !== undefined) return body;
    }
    return undefined;
  }

  /** A macro in scope, else a partial. */
  findPartial(name: string): Exec | undefined {
    return this.findMacro(name) ?? this.env.partial(name, this);
  }

  injectable(name: string): unknown {
    const injects = this.env.injects;
    return injects !== undefined && Object.hasOwn(injects, name) ? injects[name] : undefined;
  }

  /**
   * Record an error. A runaway template can repeat one error endlessly, so the
   * list keeps at most MAX_ERRORS (the last one saying that more were dropped),
   * each message cut at MAX_ERROR_MESSAGE characters; only `halt` may add one past it.
   */
  error(type: TemplateErrorType, message: string): void {
    const count = this.errors.length;
    if (count >= MAX_ERRORS) return;
    if (count === MAX_ERRORS - 1) {
      this.errors.push({ type: 'limit', message: `More than ${MAX_ERRORS - 1} errors: the rest are not reported` });
      return;
    }
    this.errors.push({ type, message: clipMessage(message) });
  }

  /** Stop the render with a 'limit' error, which is recorded even past the error cap (once). */
  halt(message: string): void {
    if (!this.halted) {
      this.halted = true;
      if (this.errors.length >= MAX_ERRORS - 1) this.errors.push({ type: 'limit', message: clipMessage(message) });
      else this.error('limit', message);
    }
  }

  /** Characters a formatter value may have before it stops the render (see `checkValue`). */
  get maxOutputLength(): number {
    return this.maxOutput;
  }

  /**
   * Check a value a formatter produced: a string longer than the whole output
   * may be stops the render (a chain that doubles its input would otherwise
   * run away). False when the limit was hit.
   */
  checkValue(value: unknown): boolean {
    if (typeof value === 'string' && value.length > this.maxOutput) {
      this.halt(`A formatter produced more than the maximum output length of ${this.maxOutput} characters`);
      return false;
    }
    return !this.halted;
  }

  /** Count one unit of work against the iteration limit; false once exhausted. */
  tick(): boolean {
    if (++this.iterations <= this.maxIterations && this.out.length <= this.maxOutput && !this.halted) return true;
    if (this.iterations > this.maxIterations) {
      this.halt(`Render exceeded the maximum of ${this.maxIterations} iterations`);
    } else if (this.out.length > this.maxOutput) {
      this.halt(outputLimitMessage(this.maxOutput));
    }
    return false;
  }

  /** Enter a partial, macro or include; false (with an error) past the depth limit. */
  enterPartial(name: string): boolean {
    if (!this.tick()) return false;
    if (this.partialDepth >= this.env.limits.maxPartialDepth) {
      this.error(
        'limit',
        `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${this.env.limits.maxPartialDepth}`,
      );
      return false;
    }
    this.partialDepth++;
    return true;
  }

  exitPartial(): void {
    this.partialDepth--;
  }

  applyPartial(name: string, value: unknown, options?: PartialOptions): string | undefined {
    const body = this.findPartial(name);
    if (body === undefined) {
      this.error('partial', `Attempt to apply partial '${name}' which could not be found.`);
      return undefined;
    }
    return this.runPartial(name, body, value, options);
  }

  renderPartial(name: string, value: unknown): string | undefined {
    return this.applyPartial(name, value);
  }

  renderMacro(name: string, value: unknown): string | undefined {
    const body = this.findMacro(name);
    if (body === undefined) {
      this.error('partial', `Attempt to apply macro '${name}' which could not be found.`);
      return undefined;
    }
    return this.runPartial(name, body, value, undefined);
  }

  private runPartial(
    name: string,
    body: Exec,
    value: unknown,
    options: PartialOptions | undefined,
  ): string | undefined {
    if (!this.enterPartial(name)) return undefined;
    const saved = this.out;
    const outer = this.frame;
    this.out = '';
    const frame = this.push(value);
    if (options?.private === true) frame.stop = true;
    if (options?.args !== undefined) this.setVar('@args', options.args);
    try {
      body(this);
      return this.out;
    } finally {
      // Restore rather than pop: an exception may have left deeper frames pushed.
      this.frame = outer;
      this.out = saved;
      this.exitPartial();
    }
  }
}

/** Look a name up in one frame only. */
export function nameIn(name: string | number, frame: Frame): unknown {
  if (typeof name === 'string' && name.charCodeAt(0) === 64 /* @ */) {
    if (name === '@') return frame.node;
    if (name === '@index') return frame.index === -1 ? undefined : frame.index + 1;
    if (name === '@index0') return frame.index === -1 ? undefined : frame.index;
    return frame.vars?.get(name);
  }
  return child(frame.node, name);
}
