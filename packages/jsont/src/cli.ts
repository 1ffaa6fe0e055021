#!/usr/bin/env node
/**
 * `jsont render --template FILE --json FILE [--partials DIR] [--locale L] [--now MS]`
 * `jsont check CASES.json`
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ConformanceCase, runCase } from './cases.js';
import { render } from './engine.js';

const USAGE = `usage:
  jsont render --template FILE --json FILE [--partials DIR] [--locale L] [--now MS]
  jsont check CASES.json`;

function readPartials(dir: string): Record<string, string> {
  const partials: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    const source = readFileSync(path, 'utf8');
    partials[name] = source;
    const bare = name.replace(/\.jsont$/, '');
    if (!(bare in partials)) partials[bare] = source;
  }
  return partials;
}

function renderCommand(args: string[]): number {
  const { values } = parseArgs({
    args,
    options: {
      template: { type: 'string' },
      json: { type: 'string' },
      partials: { type: 'string' },
      locale: { type: 'string' },
      now: { type: 'string' },
    },
  });
  if (values.template === undefined || values.json === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const now = values.now === undefined ? undefined : Number(values.now);
  if (now !== undefined && !Number.isFinite(now)) {
    process.stderr.write('--now must be epoch milliseconds\n');
    return 2;
  }
  const result = render(readFileSync(values.template, 'utf8'), JSON.parse(readFileSync(values.json, 'utf8')), {
    partials: values.partials === undefined ? undefined : readPartials(values.partials),
    locale: values.locale,
    now,
  });
  process.stdout.write(result.output);
  if (!result.output.endsWith('\n')) process.stdout.write('\n');
  for (const error of result.errors) process.stderr.write(`error [${error.type}]: ${error.message}\n`);
  return result.errors.length > 0 ? 1 : 0;
}

function checkCommand(args: string[]): number {
  const file = args[0];
  if (file === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const data = JSON.parse(readFileSync(file, 'utf8')) as { format?: string; cases?: ConformanceCase[] };
  if (data.format !== 'jsont-cases/1' || !Array.isArray(data.cases)) {
    process.stderr.write(`${file}: not a jsont-cases/1 file\n`);
    return 2;
  }
  let passed = 0;
  let failed = 0;
  for (const c of data.cases) {
    const outcome = runCase(c);
    if (outcome.passed) passed++;
    else {
      failed++;
      process.stdout.write(`FAIL ${c.id} [${c.category}]\n`);
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'render') return renderCommand(rest);
    if (command === 'check') return checkCommand(rest);
  } catch (e) {
    process.stderr.write(`jsont: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

process.exitCode = main(process.argv.slice(2));
