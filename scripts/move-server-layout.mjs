#!/usr/bin/env node
// Issue 16's folder move of packages/server/src into platform/, render/, domains/<area>/ and seed/.
//
//   node scripts/move-server-layout.mjs            move, rewrite paths, regenerate baselines, format, tsc -b
//   node scripts/move-server-layout.mjs --dry-run  print the plan (old -> new) and stop
//   ... --rule OLD=NEW                             one more mapping (repeatable), e.g. for a new top-level folder
//   ... --no-checks                                skip the final `tsc -b`
//
// Run it on a tree in the old layout (a clean git work tree is best: it uses `git mv`). It stops before
// touching anything when a file under packages/server/src matches no rule below; add a rule then.
// Steps: 1 plan every file, 2 rewrite every relative path literal (import, export, import(), vi.mock,
// new URL(...)) in the repository's code from the old layout to the new one, 3 `git mv`, 4 replace
// `packages/server/src/<old>` in docs, configs and comments, 5 regenerate .dependency-cruiser.cjs's
// knownViolations and folderCycleBaseline, 6 `biome format --write` the changed files, 7 `tsc -b`.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = 'packages/server/src';
const DRY = process.argv.includes('--dry-run');
const SKIP_CHECKS = process.argv.includes('--no-checks');

// ---------------------------------------------------------------------------------------------------
// The mapping: old path (relative to packages/server/src) -> new path. A key ending in `/` is a folder
// (every file below it, also files added later, follows); the longest matching key wins, so a file rule
// overrides its folder's rule. `null` keeps the path as it is (already in the new layout).
// ---------------------------------------------------------------------------------------------------
const RULES = {
  // Already in the new layout, or the composition root.
  'platform/': null,
  'domains/': null,
  'render/': null,
  'seed/': null,
  'app.ts': null,
  'cli.ts': null,
  'index.ts': null,
  'testing.ts': null,
  'repo-paths.ts': null, // its REPO_ROOT counts folders up from src/ (and dist/): it stays at the root
  'require-node.ts': null,
  'node-version.ts': null,
  'node-version.test.ts': null,

  // platform/: the bottom layer.
  'config.ts': 'platform/config.ts',
  'config.test.ts': 'platform/config.test.ts',
  'errors.ts': 'platform/errors/aliases.ts',
  'ids.ts': 'platform/ids.ts',
  'http/': 'platform/http/',
  'site-url/': 'platform/http/',
  'db/': 'platform/db/',
  'mail/': 'platform/mail/',
  'jobs/': 'platform/jobs/',
  'content/write-watch.ts': 'platform/db/write-watch.ts', // connect.ts wraps every connection with it
  'content/write-watch.test.ts': 'platform/db/write-watch.test.ts',
  'tracking/tables.ts': 'platform/db/tracking-tables.ts', // table types of schema.ts

  // Composition beside app.ts: they import several domains and only app.ts (and tests) import them.
  'jobs/index.ts': 'jobs.ts', // registers the scheduled jobs of the domains
  'jobs/retention.ts': 'retention.ts', // purges rows of several domains
  'http/route-catalogue.ts': 'route-catalogue.ts', // reads auth's role groups of every route

  // seed/: the demo site, imported only by the seed command.
  'db/seed.ts': 'seed/seed.ts',
  'db/seed-catalogue.ts': 'seed/seed-catalogue.ts',
  'db/seed-content.ts': 'seed/seed-content.ts',
  'db/seed-images.ts': 'seed/seed-images.ts',
  'db/seed-shapes.ts': 'seed/seed-shapes.ts',
  'pages/blog/seed-content.ts': 'seed/blog-content.ts',

  // render/: one page renderer (theme, page context, renderPage, notFound, block data).
  'pages/': 'render/', // new files in pages/ land here too; the script lists them for review
  'pages/blocks/': 'render/blocks/',
  'pages/content-page.ts': 'domains/content/pages/content-page.ts',
  'pages/page-lock.ts': 'domains/content/pages/page-lock.ts',
  'pages/index.ts': 'domains/content/pages/visitor-routes.ts',
  'pages/pages.test.ts': 'domains/content/pages/visitor-routes.test.ts',
  'pages/navigation-tree.test.ts': 'domains/content/navigation-tree.test.ts',
  'pages/cart-view.ts': 'domains/cart/cart-view.ts',
  'pages/product-view.ts': 'domains/catalogue/product-view.ts',
  'pages/blog/': 'domains/content/blog/',
  'pages/events/': 'domains/content/events/',
  'pages/search/': 'domains/content/search/',

  // domains/<area>/.
  'auth/': 'domains/auth/',
  'admin/': 'domains/settings/', // new files in admin/ land here; the script lists them for review
  'admin/index.ts': 'owner-routes.ts', // composes the owner plugins of several domains, like app.ts
  'admin/owners.ts': 'domains/auth/owners.ts',
  'admin/design.ts': 'domains/design/design.ts',
  'admin/design-events.ts': 'domains/design/design-events.ts',
  'admin/design-model.ts': 'domains/design/design-model.ts',
  'admin/fonts.ts': 'domains/design/fonts.ts',
  'admin/gift-cards.ts': 'domains/gift-cards/owner-routes.ts',
  'admin/inventory.ts': 'domains/catalogue/inventory.ts',
  'admin/products.ts': 'domains/catalogue/owner-routes.ts',
  'admin/product-input.ts': 'domains/catalogue/product-input.ts',
  'admin/mailing-lists.ts': 'domains/forms/mailing-lists.ts',
  'admin/outbox.ts': 'domains/outbox/owner-routes.ts',
  'admin/outbox-kind.ts': 'domains/outbox/outbox-kind.ts',
  'admin/settings.ts': 'domains/settings/owner-routes.ts',
  'admin/site-settings-store.ts': 'domains/settings/site-settings-store.ts',
  'site-settings/': 'domains/settings/',
  'checkout/': 'domains/checkout/',
  'checkout/payments/': 'domains/payments/methods/',
  'checkout/gift-card-codes.ts': 'domains/gift-cards/gift-card-codes.ts',
  'checkout/gift-card-issuance.ts': 'domains/gift-cards/gift-card-issuance.ts',
  'checkout/subscription-start.ts': 'domains/subscriptions/subscription-start.ts',
  'checkout/hosted-renewal.ts': 'domains/subscriptions/hosted-renewal.ts',
  'checkout/renewal-pay.ts': 'domains/subscriptions/renewal-pay.ts',
  'checkout/schedule.ts': 'domains/subscriptions/schedule.ts',
  'commerce/': 'domains/cart/',
  'comments/': 'domains/comments/',
  'consent/': 'domains/consent/',
  'content/': 'domains/content/',
  'editor/': 'domains/editor/', // the editor app and its page routes; new files land here
  'editor/blog-posts.ts': 'domains/content/blog/blog-posts.ts',
  'editor/blog-store.ts': 'domains/content/blog/blog-store.ts',
  'editor/blog-term-store.ts': 'domains/content/blog/blog-term-store.ts',
  'editor/blog-terms.ts': 'domains/content/blog/blog-terms.ts',
  'editor/page-store.ts': 'domains/content/pages/page-store.ts',
  'editor/page-trash.ts': 'domains/content/pages/page-trash.ts',
  'editor/popup.ts': 'domains/design/popup.ts',
  'editor/theme-source.ts': 'domains/design/theme-source.ts',
  'editor/image-size.ts': 'domains/files/image-size.ts',
  'editor/image-size.test.ts': 'domains/files/image-size.test.ts',
  'exports/': 'domains/exports/',
  'imports/': 'domains/imports/',
  'files/': 'domains/files/',
  'forms/': 'domains/forms/',
  'restock/': 'domains/restock/',
  'site-users/': 'domains/site-users/',
  'sites/': 'domains/sites/',
  'tracking/': 'domains/tracking/',
  'web/': 'domains/web/',
};

// Extra rules from the command line: `--rule openapi.ts=platform/http/openapi.ts`, `--rule loyalty/=domains/loyalty/`,
// `--rule notes.md=` (keep where it is). They win over the table above for the same key.
for (const [index, arg] of process.argv.entries()) {
  if (arg !== '--rule') continue;
  const value = process.argv[index + 1] ?? '';
  const eq = value.indexOf('=');
  if (eq < 1) throw new Error(`--rule OLD=NEW expected, got "${value}"`);
  const from = value.slice(0, eq);
  const to = value.slice(eq + 1);
  if (from.endsWith('/') !== (to === '' || to.endsWith('/')))
    throw new Error(`--rule ${value}: a folder maps to a folder`);
  RULES[from] = to === '' ? null : to;
}

/** Folders whose files split over several places: files reaching them only by the folder rule are listed. */
const SPLIT_FOLDERS = ['pages/', 'admin/', 'editor/'];

// ---------------------------------------------------------------------------------------------------
const log = (line) => process.stdout.write(`${line}\n`);
const toPosix = (path) => path.split(sep).join('/');

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...options });
  if (result.status !== 0 && !options.allowFail) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${cmd} ${args.join(' ')} failed (${result.status})`);
  }
  return result;
}

function* walk(dir, skip = /^(node_modules|dist|\.git|coverage)$/) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, skip);
    else if (entry.isFile()) yield path;
  }
}

/** The rule for a path below src/ (`rest`): [key, target] of the longest matching key, or undefined. */
function ruleOf(rest) {
  let best;
  for (const [key, target] of Object.entries(RULES)) {
    const hit = key.endsWith('/') ? rest.startsWith(key) : rest === key;
    if (hit && (!best || key.length > best[0].length)) best = [key, target];
  }
  return best;
}

/** New path (relative to src/) of an old one, or undefined when no rule matches. */
function mapRest(rest) {
  const rule = ruleOf(rest);
  if (!rule) return undefined;
  const [key, target] = rule;
  if (target === null) return rest;
  return key.endsWith('/') ? target + rest.slice(key.length) : target;
}

const srcAbs = join(ROOT, SRC);

/** Absolute new path of an absolute old path (unchanged outside src/ or when kept). */
function mapAbs(abs) {
  const rel = toPosix(relative(srcAbs, abs));
  if (rel.startsWith('..') || rel === '') return abs;
  const mapped = mapRest(rel);
  return mapped === undefined ? abs : join(srcAbs, mapped);
}

/** Absolute new path of an old folder, when every file in it goes to one folder (whole-folder rule). */
function mapDir(absDir) {
  const rel = toPosix(relative(srcAbs, absDir));
  if (rel.startsWith('..')) return absDir;
  if (rel === '') return absDir;
  // A folder with a rule of its own goes where the rule says (the files that split off are listed).
  if (Object.hasOwn(RULES, `${rel}/`)) {
    const target = RULES[`${rel}/`];
    return target === null ? absDir : join(srcAbs, target);
  }
  const files = [...walk(absDir)].map((file) => toPosix(relative(srcAbs, file)));
  const direct = files.filter((file) => !file.slice(rel.length + 1).includes('/'));
  const targets = new Set(direct.map((file) => posix.dirname(mapRest(file) ?? file)));
  if (targets.size === 1) return join(srcAbs, [...targets][0]);
  return undefined; // a split folder: a path to it cannot be moved by the script
}

// ---------------------------------------------------------------------------------------------------
// 1. The plan.
// ---------------------------------------------------------------------------------------------------
if (!existsSync(join(srcAbs, 'app.ts'))) throw new Error(`${SRC}/app.ts not found: run from the repository`);
const marker = ['http', 'pages', 'checkout', 'db'].filter((folder) => existsSync(join(srcAbs, folder)));
if (marker.length === 0) {
  log('packages/server/src is already in the new layout (no http/, pages/, checkout/, db/): nothing to do.');
  process.exit(0);
}

const plan = new Map(); // old absolute -> new absolute (moved files only)
const unmatched = [];
const byFolderRule = [];
for (const abs of walk(srcAbs)) {
  const rest = toPosix(relative(srcAbs, abs));
  const rule = ruleOf(rest);
  if (!rule) {
    unmatched.push(rest);
    continue;
  }
  const next = mapRest(rest);
  if (next !== rest) plan.set(abs, join(srcAbs, next));
  if (rule[0].endsWith('/') && SPLIT_FOLDERS.includes(rule[0]) && rule[1] !== null) {
    byFolderRule.push(`${rest} -> ${next}`);
  }
}
if (unmatched.length > 0) {
  log(`These files under ${SRC} match no rule of scripts/move-server-layout.mjs (add a rule, then run again):`);
  for (const rest of unmatched) log(`  ${rest}`);
  process.exit(1);
}
const targets = new Map();
for (const [from, to] of plan) {
  const other = targets.get(to);
  if (other)
    throw new Error(`two files would move to ${relative(ROOT, to)}: ${relative(ROOT, other)}, ${relative(ROOT, from)}`);
  if (existsSync(to) && !plan.has(to))
    throw new Error(`${relative(ROOT, to)} exists already (from ${relative(ROOT, from)})`);
  targets.set(to, from);
}
log(`${plan.size} files move.`);
if (byFolderRule.length > 0) {
  log('Files of split folders placed by their folder rule (check they belong there):');
  for (const line of byFolderRule) log(`  ${line}`);
}
if (DRY) {
  for (const [from, to] of plan) log(`  ${relative(srcAbs, from)} -> ${relative(srcAbs, to)}`);
  process.exit(0);
}
const tracked = new Set(run('git', ['ls-files', '-z', SRC]).stdout.split('\0').filter(Boolean));
const dirty = run('git', ['status', '--porcelain', '--', SRC]).stdout.trim();
if (dirty) log(`Note: uncommitted changes under ${SRC}; they move with their files.`);

// ---------------------------------------------------------------------------------------------------
// 2. Rewrite relative path literals in code, resolved in the old layout (before anything moves).
// ---------------------------------------------------------------------------------------------------
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const CODE_ROOTS = ['packages', 'e2e', 'bench', 'scripts'];
const codeFiles = [];
for (const top of CODE_ROOTS) {
  if (existsSync(join(ROOT, top))) for (const file of walk(join(ROOT, top))) if (CODE.test(file)) codeFiles.push(file);
}
for (const entry of readdirSync(ROOT)) if (CODE.test(entry)) codeFiles.push(join(ROOT, entry));

const serverAbs = join(ROOT, 'packages/server');
const rewrites = new Map(); // new absolute path of the file -> new text
const unresolved = [];
const unusual = []; // literals naming a moved path outside a path position: left as they are
const PATH_CONTEXT = /(\bimport|\bfrom|\bexport|\bmock|\bURL|\brequire|\bjoin|\bresolve|declare module)\b[^'"]*$/;
const LITERAL = /(['"])(\.{1,2}\/[^'"\n]*)\1/g;
for (const file of codeFiles) {
  if (file === join(ROOT, 'scripts/move-server-layout.mjs')) continue;
  const text = readFileSync(file, 'utf8');
  const newFile = plan.get(file) ?? file;
  const oldDir = dirname(file);
  const newDir = dirname(newFile);
  let changed = false;
  const next = text.replace(LITERAL, (whole, quote, spec, offset) => {
    // Only literals in a path position: import/export ... from, import(), vi.mock(), new URL(), join(),
    // resolve(), require(), `declare module`, or alone on their line (a multi-line import's specifier).
    const lineStart = text.lastIndexOf('\n', offset) + 1;
    const before = text.slice(lineStart, offset);
    const pathPosition = /^\s*$/.test(before) || PATH_CONTEXT.test(before);
    const target = resolve(oldDir, spec);
    const inServer = !toPosix(relative(serverAbs, target)).startsWith('..');
    if (!plan.has(file) && !inServer) return whole; // neither end moves
    let real;
    let kind = 'file';
    if (existsSync(target) && statSync(target).isFile()) real = target;
    else if (/\.jsx?$/.test(spec)) {
      for (const ext of ['.ts', '.tsx']) {
        const candidate = target.replace(/\.jsx?$/, ext);
        if (existsSync(candidate)) real = candidate;
      }
    } else if (existsSync(target) && statSync(target).isDirectory()) kind = 'dir';
    let mapped;
    if (kind === 'dir') {
      mapped = mapDir(target);
      if (mapped === undefined) {
        unresolved.push(`${relative(ROOT, file)}: ${spec} (a folder that splits)`);
        return whole;
      }
    } else if (real) {
      mapped = mapAbs(real);
      // `./x.js` naming `x.ts` stays a `.js` specifier.
      if (real !== target) mapped = mapped.replace(/\.(ts|tsx)$/, '') + spec.match(/\.jsx?$/)[0];
    } else {
      if (plan.has(file) && pathPosition) unresolved.push(`${relative(ROOT, file)}: ${spec} (not found)`);
      return whole;
    }
    let out = toPosix(relative(newDir, mapped));
    if (!out.startsWith('.')) out = `./${out}`;
    if (spec.endsWith('/') && !out.endsWith('/')) out += '/';
    if (out === spec) return whole;
    if (!pathPosition) {
      unusual.push(`${relative(ROOT, file)}: ${spec} (would be ${out})   [${before.trim().slice(-60)}]`);
      return whole;
    }
    changed = true;
    return `${quote}${out}${quote}`;
  });
  if (changed) rewrites.set(newFile, next);
}

// ---------------------------------------------------------------------------------------------------
// 3. Move (git mv for tracked files, a rename for the others), then write the rewritten texts.
// ---------------------------------------------------------------------------------------------------
for (const [from, to] of plan) {
  mkdirSync(dirname(to), { recursive: true });
  const rel = toPosix(relative(ROOT, from));
  if (tracked.has(rel)) run('git', ['mv', rel, toPosix(relative(ROOT, to))]);
  else renameSync(from, to);
}
for (const [file, text] of rewrites) writeFileSync(file, text);
// Empty old folders left behind.
function pruneEmpty(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) pruneEmpty(join(dir, entry.name));
  if (dir !== srcAbs && readdirSync(dir).length === 0) rmdirSync(dir);
}
pruneEmpty(srcAbs);
log(`Moved ${plan.size} files; rewrote relative paths in ${rewrites.size} files.`);

// ---------------------------------------------------------------------------------------------------
// 4. `packages/server/src/<old path>` in docs, configs, tests and comments.
// ---------------------------------------------------------------------------------------------------
const oldFiles = new Map(
  [...plan].map(([from, to]) => [toPosix(relative(srcAbs, from)), toPosix(relative(srcAbs, to))]),
);
const oldDirs = new Map();
for (const [from, to] of oldFiles) {
  // A folder maps when all its files (direct children) go to one folder.
  const folder = posix.dirname(from);
  const target = posix.dirname(to);
  const seen = oldDirs.get(folder);
  oldDirs.set(folder, seen === undefined || seen === target ? target : false);
}
function mapTextPath(path) {
  const clean = path.replace(/[.,:;)]+$/, '');
  const tail = path.slice(clean.length);
  const bare = clean.replace(/\/$/, '');
  const swapped = bare.endsWith('.js') && oldFiles.has(bare.replace(/\.js$/, '.ts'));
  const file = oldFiles.get(swapped ? bare.replace(/\.js$/, '.ts') : bare);
  if (file) return (swapped ? file.replace(/\.ts$/, '.js') : file) + tail;
  const dir = oldDirs.get(bare);
  if (dir) return `${dir}${clean.endsWith('/') ? '/' : ''}${tail}`;
  return undefined;
}
const TEXT = /\.(md|ts|tsx|mts|js|mjs|cjs|json)$/;
const textFiles = [...codeFiles.map((file) => plan.get(file) ?? file)];
for (const top of ['docs', 'packages/server', 'bench', 'e2e']) {
  if (existsSync(join(ROOT, top)))
    for (const file of walk(join(ROOT, top))) if (/\.md$/.test(file)) textFiles.push(file);
}
for (const entry of readdirSync(ROOT))
  if (TEXT.test(entry) || entry === '.dependency-cruiser.cjs') textFiles.push(join(ROOT, entry));
const textChanged = [];
for (const file of new Set(textFiles)) {
  if (file === join(ROOT, 'scripts/move-server-layout.mjs') || !existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  let next = text.replace(/((?:packages\/)?server\/src\/)([\w./-]+)/g, (whole, prefix, path) => {
    const mapped = mapTextPath(path);
    return mapped === undefined ? whole : prefix + mapped;
  });
  // In the server's own files and docs/, also `src/pages/theme.ts` and `pages/theme.ts` (exact old files).
  const rel = toPosix(relative(ROOT, file));
  if (rel.startsWith('packages/server/') || rel.startsWith('docs/')) {
    next = next.replace(/(?<![\w./-])(src\/)?([a-z][\w-]*\/[\w./-]*\.(?:ts|js))\b/g, (whole, prefix, path) => {
      const bare = path.replace(/\.js$/, '.ts');
      const mapped = oldFiles.get(bare);
      if (!mapped) return whole;
      return (prefix ?? '') + (path.endsWith('.js') ? mapped.replace(/\.ts$/, '.js') : mapped);
    });
  }
  if (next !== text) {
    writeFileSync(file, next);
    textChanged.push(toPosix(relative(ROOT, file)));
  }
}
log(`Replaced server/src paths in ${textChanged.length} files.`);

// docs/architecture.md: "The server today" becomes scripts/server-layout-today.md; rows of that section
// naming a `domains/<area>/` the new text does not name (rooms added meanwhile) are kept below it.
const archPath = join(ROOT, 'docs/architecture.md');
const sectionPath = join(ROOT, 'scripts/server-layout-today.md');
if (existsSync(archPath) && existsSync(sectionPath)) {
  const arch = readFileSync(archPath, 'utf8');
  const start = arch.indexOf('## The server today');
  const end = arch.indexOf('\n## ', start + 1);
  if (start === -1 || end === -1)
    log('docs/architecture.md: no "## The server today" section; apply scripts/server-layout-today.md by hand.');
  else {
    const section = readFileSync(sectionPath, 'utf8').trimEnd();
    const named = new Set([...section.matchAll(/`(domains\/[\w-]+\/)`/g)].map((m) => m[1]));
    const kept = arch
      .slice(start, end)
      .split('\n')
      .filter((line) => {
        const folder = line.match(/^\| `(domains\/[\w-]+\/)` \|/);
        return folder && !named.has(folder[1]);
      });
    const body = [section, ...kept].join('\n');
    writeFileSync(archPath, `${arch.slice(0, start)}${body}\n${arch.slice(end)}`);
    log(`docs/architecture.md: "The server today" rewritten (${kept.length} existing domain rows kept).`);
  }
  // Prose that names old folders without a file (each only when still worded as on 2026-11-26).
  const prose = [
    ['a function in `jobs/` registered in', 'a function in `platform/jobs/` or its domain, registered in'],
    [
      'no new import cycle between top-level folders of\n  `server/src`;',
      'no new import cycle between top-level folders of\n  `server/src` (each `domains/<area>/` counts as a folder of its own);',
    ],
    [
      '`knownViolations` (today: `platform/` → `db/`)',
      "`knownViolations` (after the folder move: imports of another domain's files rather than its `index.ts`,\n  and a few `platform/` files that still import a domain)",
    ],
  ];
  let text = readFileSync(archPath, 'utf8');
  for (const [from, to] of prose) text = text.replace(from, to);
  writeFileSync(archPath, text);
}

// ---------------------------------------------------------------------------------------------------
// 5. The dependency rules: folder cycles are judged per domain (domains/<area>/), and the baselines are
//    measured again in the new layout (their old entries name folders that are gone).
// ---------------------------------------------------------------------------------------------------
const rulesPath = join(ROOT, 'packages/server/test/architecture/dependency-rules.ts');
const rulesText = readFileSync(rulesPath, 'utf8');
// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of dependency-rules.ts
const FOLDER_OF_OLD = '  return slash === -1 ? rest : `${rest.slice(0, slash)}/`;\n}';
const FOLDER_OF_NEW =
  '  if (slash === -1) return rest;\n' +
  '  // Each domain is a node of its own: a cycle between two domains counts like one between two folders.\n' +
  "  const inner = rest.startsWith('domains/') ? rest.indexOf('/', slash + 1) : -1;\n" +
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of dependency-rules.ts
  '  return inner === -1 ? `${rest.slice(0, slash)}/` : `${rest.slice(0, inner)}/`;\n}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of dependency-rules.ts
const NODE_FILE_OLD = "return `${folder.endsWith('/') ? `dir.${folder.slice(0, -1)}` : `file.${folder}`}.js`;";
const NODE_FILE_NEW =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of dependency-rules.ts
  "return `${folder.endsWith('/') ? `dir.${folder.slice(0, -1).replaceAll('/', '.')}` : `file.${folder}`}.js`;";
if (rulesText.includes(FOLDER_OF_OLD)) {
  if (!rulesText.includes(NODE_FILE_OLD)) throw new Error('dependency-rules.ts: nodeFile() not as expected');
  writeFileSync(rulesPath, rulesText.replace(FOLDER_OF_OLD, FOLDER_OF_NEW).replace(NODE_FILE_OLD, NODE_FILE_NEW));
  writeFileSync(
    rulesPath,
    readFileSync(rulesPath, 'utf8').replace(
      '/** The top-level folder (`checkout/`) or root file (`app.ts`) of a server source path, if it is one. */',
      '/** The top-level folder (`platform/`), domain (`domains/cart/`) or root file (`app.ts`) of a server source path. */',
    ),
  );
}

const cruiserPath = join(ROOT, '.dependency-cruiser.cjs');
const countBefore = (readFileSync(cruiserPath, 'utf8').match(/^\s+'[^']+ -> [^']+',/gm) ?? []).length;
const knownBefore = (readFileSync(cruiserPath, 'utf8').match(/^\s+type: 'dependency',$/gm) ?? []).length;
// Empty both lists, then measure (dependency-rules.ts is TypeScript: Node strips its types; `.js`
// specifiers are resolved to the `.ts` files beside them).
function replaceArray(text, name, body) {
  const start = text.indexOf(`const ${name} = [`);
  if (start === -1) throw new Error(`.dependency-cruiser.cjs: const ${name} not found`);
  const end = text.indexOf('\n];\n', start);
  return `${text.slice(0, start)}const ${name} = [${body}\n];\n${text.slice(end + 4)}`;
}
let cruiser = readFileSync(cruiserPath, 'utf8');
cruiser = replaceArray(cruiser, 'knownViolations', '');
cruiser = replaceArray(cruiser, 'folderCycleBaseline', '');
writeFileSync(cruiserPath, cruiser);
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!/^\.{1,2}\/.*\.js$/.test(specifier)) throw error;
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
    }
  },
});
const { checkDependencyRules } = await import(pathToFileURL(rulesPath).href);
const report = await checkDependencyRules(ROOT);
const toMirror = (path) => path.replace(/\.(ts|tsx|mts)$/, '.js');
const known = report.violations
  .map((v) => ({ rule: v.rule, from: toMirror(v.from), to: toMirror(v.to) }))
  .sort((a, b) => `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`));
cruiser = readFileSync(cruiserPath, 'utf8').replace(
  ' * Each is to be removed by the domain move.',
  ' * Measured again after the folder move (issue 16): each is to be removed (mostly a domain reaching into another\n' +
    " * domain's files instead of its index.ts, and platform/ files that still import a domain).",
);
writeFileSync(cruiserPath, cruiser);
const knownBody = known
  .map(
    (v) =>
      `\n  {\n    type: 'dependency',\n    rule: { name: '${v.rule}' },\n` +
      `    from: '${v.from}',\n    to: '${v.to}',\n  },`,
  )
  .join('');
const cycleBody = report.folderCycleEdges.map((edge) => `\n  '${edge}',`).join('');
cruiser = readFileSync(cruiserPath, 'utf8');
cruiser = replaceArray(cruiser, 'knownViolations', knownBody);
cruiser = replaceArray(cruiser, 'folderCycleBaseline', cycleBody);
const groups = report.folderCycles.map((group) => group.length);
cruiser = cruiser.replace(
  / \* is its own node\)\. Measured[\s\S]*?\*\//,
  ` * is its own node; each domains/<area>/ is a node of its own). Measured again after the folder move\n` +
    ` * (issue 16, scripts/move-server-layout.mjs): ${groups.length} cycle(s) of ${groups.join(', ') || 0} nodes, ` +
    `${report.folderCycleEdges.length} edges\n * (before the move: ${countBefore} edges). A new edge on a cycle ` +
    '(a new cycle or a new folder pair in one) fails the test;\n * so does an entry that is no longer on one.\n */',
);
writeFileSync(cruiserPath, cruiser);
log(
  `Folder-cycle baseline: ${countBefore} edges before, ${report.folderCycleEdges.length} after (cycles: ${groups.join(', ')} nodes).`,
);
log(`Known violations: ${knownBefore} before, ${known.length} after.`);
for (const group of report.folderCycles) log(`  cycle: ${group.join(', ')}`);

// ---------------------------------------------------------------------------------------------------
// 6. Format what changed (longer paths can pass the line width), 7. type-check.
// ---------------------------------------------------------------------------------------------------
const formatted = [...new Set([...rewrites.keys()].map((file) => toPosix(relative(ROOT, file))).concat(textChanged))]
  .filter((file) => CODE.test(file) || file.endsWith('.cjs'))
  .filter((file) => existsSync(join(ROOT, file)));
formatted.push('.dependency-cruiser.cjs', 'packages/server/test/architecture/dependency-rules.ts');
run('npx', ['biome', 'format', '--write', ...new Set(formatted)], { allowFail: true });

if (unusual.length > 0) {
  log('Relative literals naming a moved path outside an import, URL or join, NOT rewritten (check them):');
  for (const line of unusual) log(`  ${line}`);
}
if (unresolved.length > 0) {
  log('Relative paths the script could not follow (check them by hand):');
  for (const line of unresolved) log(`  ${line}`);
}
if (!SKIP_CHECKS) {
  const tsc = run('npx', ['tsc', '-b'], { allowFail: true });
  if (tsc.status !== 0) {
    log(tsc.stdout);
    log('tsc -b failed: see above.');
    process.exit(1);
  }
  log('tsc -b: clean.');
}
log(
  'Done. Next: npx tsc -p tsconfig.tests.json; npx biome check .; ' +
    'npx vitest run packages/server/test/architecture.test.ts packages/server/test/file-size.test.ts',
);
