/**
 * `{.eval …}`: expressions are parsed when the template compiles and run on
 * each render. Assignments (`@x = …`) land in the enclosing scope only when the
 * whole expression ran without error; the last part's value is printed.
 */
import type { Exec, Runtime } from '../runtime/context.js';
import { outputText } from '../runtime/values.js';
import { evaluateProgram } from './evaluate.js';
import { parseExpression } from './parse.js';
import type { Literal } from './tokens.js';

export function compileEval(code: string): Exec {
  const source = code.startsWith('#') ? code.slice(1) : code;
  const parsed = parseExpression(source);
  const quoted = JSON.stringify(source);
  return (rt: Runtime) => {
    if (!rt.env.enableExpr) return;
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
    const fail = (message: string): undefined => {
      failed = true;
      rt.error('expression', `Error reducing expression: ${source}: ${message}`);
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
    if (scope.vars !== undefined) {
      for (const [name, value] of scope.vars) rt.setVar(name, value);
    }
    if (result !== undefined) rt.out += outputText(result.value);
  };
}
