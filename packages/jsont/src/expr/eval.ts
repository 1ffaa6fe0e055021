/**
 * `{.eval …}`: expressions are parsed when the template compiles and run on
 * each render. Assignments (`@x = …`) land in the enclosing scope only when the
 * whole expression ran without error; the last part's value is printed.
 * A leading `#` (debug mode) also prints the postfix programs.
 */
import type { Exec, Runtime } from '../runtime/context.js';
import { outputText } from '../runtime/values.js';
import { evaluateProgram } from './evaluate.js';
import { parseExpression } from './parse.js';
import type { Literal, Token } from './tokens.js';

/** How a token prints in debug mode (`{.eval #…}`). */
function describeToken(t: Token): string {
  switch (t.kind) {
    case 'num':
    case 'bool':
    case 'null':
      return String(t.value);
    case 'str':
      return JSON.stringify(t.value);
    case 'op':
      return `<${t.desc}>`;
    case 'var':
      return t.path.join('.');
    case 'call':
      return `${t.name}()`;
    case 'args':
      return '<args>';
  }
}

export function compileEval(code: string): Exec {
  const debug = code.startsWith('#');
  const source = debug ? code.slice(1) : code;
  const parsed = parseExpression(source);
  const quoted = JSON.stringify(source);
  const listing = debug ? `EVAL=[${parsed.programs.map((p) => `[${p.map(describeToken).join(' ')}]`).join(', ')}]` : '';
  return (rt: Runtime) => {
    if (!rt.env.enableExpr) return;
    if (debug) rt.out += listing;
    if (parsed.errors.length > 0) {
      for (const e of parsed.errors) rt.error('expression', `Error parsing expression: ${quoted}: ${e}`);
      return;
    }
    const limits = rt.env.limits;
    if (parsed.tokenCount > limits.maxExpressionTokens) {
      rt.error(
        'limit',
        `Error parsing expression: ${quoted}: Expression exceeds the maximum number of allowed tokens: ${limits.maxExpressionTokens}`,
      );
      return;
    }
    let failed = false;
    const fail = (message: string, type: 'expression' | 'limit' = 'expression'): undefined => {
      failed = true;
      rt.error(type, `Error reducing expression: ${source}: ${message}`);
      return undefined;
    };
    const outer = rt.frame;
    const scope = rt.push(outer.node);
    let result: Literal | undefined;
    try {
      for (const program of parsed.programs) {
        result = evaluateProgram(rt, program, limits, fail);
        if (failed) break;
      }
    } finally {
      rt.pop();
    }
    if (failed) return;
    scope.vars?.forEach((value, name) => {
      rt.setVar(name, value);
    });
    if (result !== undefined) rt.out += (debug ? ' -> ' : '') + outputText(result.value);
  };
}
