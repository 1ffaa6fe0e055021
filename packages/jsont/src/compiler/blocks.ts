/**
 * A block's text and instructions as one function: generated per shape where
 * code generation is available (see `generateBlock`), else a loop over closures.
 */
import type { Exec } from '../runtime/context.js';
import { takeCodegen } from './paths.js';

/** The block of `steps` (text, or an index into `parts`). */
export function buildBlock(steps: readonly (string | number)[], parts: readonly Exec[]): Exec {
  return generateBlock(steps, parts) ?? loopBlock(steps, parts);
}

let codegen = true;

type BlockFactory = (parts: readonly Exec[], texts: readonly string[]) => Exec;
/**
 * Generated block factories by shape (the order of text and instructions), so
 * recompiling a template, or compiling another with blocks of the same shape,
 * does not generate again; the text comes in as an array.
 */
const blockFactories = new Map<string, BlockFactory>();
const FACTORY_LIMIT = 2000;

/** Longer blocks run as a loop: generating one huge function costs more than it saves. */
const MAX_GENERATED_STEPS = 500;

function generateBlock(steps: readonly (string | number)[], parts: readonly Exec[]): Exec | undefined {
  if (!codegen || steps.length > MAX_GENERATED_STEPS) return undefined;
  let shape = '';
  const texts: string[] = [];
  for (const step of steps) {
    if (typeof step === 'string') {
      shape += 't';
      texts.push(step);
    } else shape += 'p';
  }
  try {
    let factory = blockFactories.get(shape);
    if (factory === undefined) {
      if (!takeCodegen()) return undefined;
      let code = '';
      let t = 0;
      let p = 0;
      for (let i = 0; i < shape.length; i++) {
        code += shape[i] === 't' ? `rt.out += t[${t++}];\n` : `p[${p++}](rt);\n`;
      }
      factory = new Function('p', 't', `return function block(rt) {\n${code}};`) as BlockFactory;
      if (blockFactories.size >= FACTORY_LIMIT) blockFactories.clear();
      blockFactories.set(shape, factory);
    }
    return factory(parts, texts);
  } catch {
    codegen = false;
    return undefined;
  }
}

function loopBlock(steps: readonly (string | number)[], parts: readonly Exec[]): Exec {
  const execs = steps.map((step): Exec => {
    if (typeof step !== 'string') return parts[step] as Exec;
    return (rt) => {
      rt.out += step;
    };
  });
  return (rt) => {
    for (let i = 0; i < execs.length; i++) (execs[i] as Exec)(rt);
  };
}
