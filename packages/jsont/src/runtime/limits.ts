/** Resource limits of one render; every one is on by default. */
export interface Limits {
  /** Nesting of partials, macros and includes (the language's own limit is 16). */
  readonly maxPartialDepth: number;
  /** Characters of output; rendering stops with a 'limit' error past it. */
  readonly maxOutputLength: number;
  /** Repeated-section iterations plus partial applications over the whole render. */
  readonly maxIterations: number;
  /** Tokens in one `.eval` expression. */
  readonly maxExpressionTokens: number;
  /** Length of a string built inside an expression. */
  readonly maxStringLength: number;
  /** Characters of template source (templates and partials); a longer one is not compiled. */
  readonly maxTemplateLength: number;
  /** Instructions (tags) in one template or partial; a template with more is not compiled. */
  readonly maxInstructions: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxPartialDepth: 16,
  maxOutputLength: 16 * 1024 * 1024,
  maxIterations: 1_000_000,
  maxExpressionTokens: 500,
  maxStringLength: 64 * 1024,
  maxTemplateLength: 2 * 1024 * 1024,
  maxInstructions: 100_000,
});

/** The limits that apply when compiling. */
export type CompileLimits = Pick<Limits, 'maxTemplateLength' | 'maxInstructions'>;

export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return overrides === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...overrides };
}
