import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, nodeVersionProblem } from './node-version.js';

describe('the Node.js version check', () => {
  it('matches the root package.json engines field', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`);
  });

  it('accepts Node 22.12 and newer, this one included', () => {
    for (const version of ['22.12.0', '22.23.3', '23.0.0', '24.21.0', 'v26.1.0', process.versions.node])
      expect(nodeVersionProblem(version)).toBeUndefined();
  });

  it('names the version to install on older ones', () => {
    for (const version of ['20.20.2', 'v20.19.0', '22.11.0', '18.20.8']) {
      const problem = nodeVersionProblem(version);
      expect(problem).toContain('needs Node.js 22.12 or newer');
      expect(problem).toContain(`this is Node.js v${version.replace(/^v/, '')}`);
      expect(problem).toContain('Install Node.js 24 LTS');
    }
  });
});
