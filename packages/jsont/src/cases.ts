/**
 * Running conformance vectors in the `jsont-cases/1` format: shared by the
 * test suite and `jsont check`. Pure: the caller reads the file.
 */
import { render } from './engine.js';
import { toReferenceCode } from './reference-code.js';
import { compile } from './engine.js';

export interface ConformanceCase {
  readonly id: string;
  readonly kind: 'render' | 'ast';
  readonly category: string;
  /** Which reference suite runs the vector (informational). */
  readonly run_by_suite?: { readonly ts: boolean; readonly java: boolean };
  readonly template: string;
  readonly json: unknown;
  readonly partials: Readonly<Record<string, string>> | null;
  /** Inject name → JSON text. */
  readonly injects: Readonly<Record<string, string>> | null;
  readonly options: {
    readonly locale?: string;
    readonly now?: number;
    readonly enableExpr?: boolean;
    readonly enableInclude?: boolean;
    readonly preprocess?: boolean;
  };
  readonly expected: { readonly output?: string; readonly code?: unknown };
}

export interface CaseOutcome {
  readonly passed: boolean;
  readonly actual: unknown;
  readonly expected: unknown;
}

/** Render a `kind: "render"` case; the trimmed output. */
export function renderCase(c: ConformanceCase): string {
  return renderCaseUntrimmed(c).trim();
}

/** Render a `kind: "render"` case; the output as it is. */
export function renderCaseUntrimmed(c: ConformanceCase): string {
  const injects: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(c.injects ?? {})) injects[name] = JSON.parse(text);
  const { output } = render(c.template, c.json, {
    partials: c.partials ?? {},
    injects,
    locale: c.options.locale,
    now: c.options.now,
    enableExpr: c.options.enableExpr,
    enableInclude: c.options.enableInclude,
    preprocess: c.options.preprocess,
  });
  return output;
}

/** Compile a `kind: "ast"` case to the reference instruction arrays. */
export function astCase(c: ConformanceCase): unknown {
  return toReferenceCode(compile(c.template.trim()).template);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function runCase(c: ConformanceCase): CaseOutcome {
  try {
    if (c.kind === 'ast') {
      const actual = astCase(c);
      return { passed: sameJson(actual, c.expected.code), actual, expected: c.expected.code };
    }
    const actual = renderCase(c);
    const expected = (c.expected.output ?? '').trim();
    return { passed: actual === expected, actual, expected };
  } catch (e) {
    return { passed: false, actual: e instanceof Error ? e.message : String(e), expected: c.expected };
  }
}
