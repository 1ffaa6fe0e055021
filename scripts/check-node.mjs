// Stops the build, `npm start`, `npm test` and the benchmarks on a Node.js older than the root
// package.json's `engines.node` (">=22.12"), naming the version to install, before anything runs
// that would fail obscurely on it. Written to run on old Node versions too: no newer syntax or API.
import { readFileSync } from 'node:fs';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const minimum = engines.replace(/^>=\s*/, '');
const want = minimum.split('.').map(Number);
const have = process.versions.node.split('.').map(Number);
let older = false;
for (let i = 0; i < 3; i++) {
  const a = have[i] || 0;
  const b = want[i] || 0;
  if (a !== b) {
    older = a < b;
    break;
  }
}
if (older) {
  console.error(
    [
      `Tessera needs Node.js ${minimum} or newer, and this is Node.js v${process.versions.node}.`,
      'Install Node.js 24 LTS (recommended) or 22 LTS: https://nodejs.org/en/download',
      '(or `nvm install 24`, `fnm install 24`, `volta install node@24`), then run `npm ci` again and retry.',
    ].join('\n'),
  );
  process.exit(1);
}
