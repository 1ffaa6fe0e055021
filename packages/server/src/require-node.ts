// Imported first by the CLI, so that an old Node.js stops here with a clear message before any
// module it cannot run (better-sqlite3 13 crashes on Node 20) is loaded.
import { nodeVersionProblem } from './node-version.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
