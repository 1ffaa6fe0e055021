import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = join(import.meta.dirname, 'cli.ts');
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8' });

describe('jsont CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-cli-'));

  it('renders a template with partials, printing output then errors', () => {
    writeFileSync(join(dir, 't.jsont'), '{person|apply greet}{x|apply missing}');
    writeFileSync(join(dir, 'd.json'), '{"person":{"name":"Ann"}}');
    const partials = join(dir, 'partials');
    mkdirSync(partials);
    writeFileSync(join(partials, 'greet.jsont'), 'Hello {name}!');
    const result = run([
      'render',
      '--template',
      join(dir, 't.jsont'),
      '--json',
      join(dir, 'd.json'),
      '--partials',
      partials,
    ]);
    expect(result.stdout).toBe('Hello Ann!\n');
    expect(result.stderr).toContain("error [partial]: Attempt to apply partial 'missing' which could not be found.");
    expect(result.status).toBe(1);
  });

  it('checks vectors and ends with the pass/fail count', () => {
    const cases = {
      format: 'jsont-cases/1',
      cases: [
        {
          id: 'ok',
          kind: 'render',
          category: 'c',
          template: '{a}',
          json: { a: 1 },
          partials: null,
          injects: null,
          options: {},
          expected: { output: '1' },
        },
        {
          id: 'bad',
          kind: 'render',
          category: 'c',
          template: '{a}',
          json: { a: 2 },
          partials: null,
          injects: null,
          options: {},
          expected: { output: '1' },
        },
      ],
    };
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases));
    const result = run(['check', join(dir, 'cases.json')]);
    expect(result.stdout.trim().split('\n')).toEqual(['FAIL bad [c]', '1 passed, 1 failed']);
    expect(result.status).toBe(1);
  });
});
