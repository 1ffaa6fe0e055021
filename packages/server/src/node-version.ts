/**
 * The oldest Node.js Tessera runs on: the root package.json's `engines.node` says the same
 * (node-version.test.ts holds them together). Node 24 LTS is the one to install; 22 LTS is supported.
 * Node 20 is not: it reached end of life on 2026-04-30, and better-sqlite3 13 crashes on it.
 */
export const MINIMUM_NODE = '22.12.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
}

/** What to tell someone running `version` (e.g. `process.versions.node`), or undefined when it will do. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [minMajor = 0, minMinor = 0, minPatch = 0] = parts(MINIMUM_NODE);
  const ok = major !== minMajor ? major > minMajor : minor !== minMinor ? minor > minMinor : patch >= minPatch;
  if (ok) return undefined;
  return [
    `Tessera needs Node.js ${MINIMUM_NODE.replace(/\.0$/, '')} or newer, and this is Node.js ${version.replace(/^v?/, 'v')}.`,
    'Install Node.js 24 LTS (recommended) or 22 LTS: https://nodejs.org/en/download',
    '(or `nvm install 24`, `fnm install 24`, `volta install node@24`), then run `npm ci` again and retry.',
  ].join('\n');
}
