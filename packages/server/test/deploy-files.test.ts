// Issue 18: the Dockerfile and deploy/compose.yaml cannot be built here (no Docker daemon, no
// registry), so this test holds them to the repository: every file the image copies exists after
// `npm run build`, the image starts the built CLI as a user other than root, and every setting
// the compose file hands Tessera is one the server reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { REPO_ROOT } from '../src/repo-paths.js';

const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
const compose = readFileSync(join(REPO_ROOT, 'deploy/compose.yaml'), 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);

/** `COPY [--flags] SRC... DEST` lines of a stage, as [sources, destination]. */
function copies(stage: string): [string[], string][] {
  return [...stage.matchAll(/^COPY (.+)$/gm)].map((match) => {
    const words = (match[1] as string).split(/\s+/).filter((word) => !word.startsWith('--'));
    return [words.slice(0, -1), words.at(-1) as string];
  });
}

/** Every environment variable name the server's source reads (`env.X`, `process.env.X`, `value('X')`). */
function namesTheServerReads(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|value\('([A-Z][A-Z0-9_]+)'\)/g))
          names.add((m[1] ?? m[2]) as string);
      }
    }
  };
  walk(join(REPO_ROOT, 'packages/server/src'));
  return names;
}

describe('Dockerfile and deploy/compose.yaml', () => {
  it('has a build stage and a runtime stage that runs the built CLI as a user other than root', () => {
    expect(stages).toHaveLength(2);
    const runtime = stages[1] as string;
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^CMD \["node", "packages\/server\/dist\/cli\.js", "start"\]$/m);
    expect(existsSync(join(REPO_ROOT, 'packages/server/dist/cli.js'))).toBe(true);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(loadConfig({}).port).toBe(3000);
    expect(runtime).toContain('/healthz');
  });

  it('copies only files that exist: sources in the build stage, built output in the runtime stage', () => {
    const build = stages[0] as string;
    for (const [sources] of copies(build)) {
      for (const source of sources) expect(existsSync(join(REPO_ROOT, source)), source).toBe(true);
    }
    const runtime = copies(stages[1] as string);
    expect(runtime.length).toBeGreaterThan(5);
    for (const [sources] of runtime) {
      for (const source of sources) {
        expect(source.startsWith('/app/'), source).toBe(true);
        expect(existsSync(join(REPO_ROOT, source.slice('/app/'.length))), source).toBe(true);
      }
    }
    // What the server reads from the repository at run time is in the image.
    const copied = runtime.flatMap(([sources]) => sources.map((s) => s.slice('/app/'.length)));
    for (const needed of ['themes', 'packages/server/templates', 'packages/storefront/dist', 'packages/editor/dist'])
      expect(copied, needed).toContain(needed);
  });

  it('hands the servers only settings the server reads, and a proxy count TRUST_PROXY accepts', () => {
    const block = compose.slice(compose.indexOf('x-tessera:'), compose.indexOf('\nservices:'));
    const names = [...block.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string);
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'TESSERA_S3_BUCKET', 'TRUST_PROXY']));
    const read = namesTheServerReads();
    for (const name of names) expect(read.has(name), `${name} is not read by the server`).toBe(true);
    const trustProxy = /TRUST_PROXY: "(\d+)"/.exec(block)?.[1];
    expect(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy).toBe(1);
    for (const service of ['postgres', 'redis', 'minio', 'tessera-a', 'tessera-b', 'caddy'])
      expect(compose).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(existsSync(join(REPO_ROOT, 'deploy/Caddyfile'))).toBe(true);
  });
});
