// `tessera site …` (issue 19): list, create (a starter template or the demo), set-host and delete; the
// archive commands are domains/exports/site-archive-command.ts. A root file beside cli.ts, not part of
// domains/sites/: `--template demo` runs the demo seed (seed/), which no domain imports (issue 16).
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import {
  deleteSiteRows,
  hostName,
  insertStarterSite,
  isStarterName,
  loadStarter,
  SITE_DEFAULTS,
  SITE_USAGE,
  SiteUsageError,
  STARTER_NAMES,
  writeStarterImages,
} from './domains/sites/index.js';
import { DEMO_SITE_ID, seedDemoSite } from './seed/seed.js';
import type { Database } from './platform/db/schema.js';
import { newId } from './platform/ids.js';
import {
  createFileStorage,
  deleteSiteFiles,
  type FileStorage,
  newSiteTakesRoot,
  siteFolder,
} from './platform/storage/index.js';

function options(argv: string[], names: string[]) {
  const spec: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of names) spec[name] = { type: name === 'yes' ? 'boolean' : 'string' };
  try {
    return parseArgs({ args: argv, options: spec, strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | undefined
    >;
  } catch (error) {
    throw new SiteUsageError(`${(error as Error).message}\n\n${SITE_USAGE}`);
  }
}

async function assertHostFree(db: Kysely<Database>, name: string): Promise<void> {
  const taken = await db.selectFrom('sites').select('id').where('host', '=', name).executeTakeFirst();
  if (taken) throw new Error(`The host ${name} is taken by site ${taken.id}.`);
}

async function siteById(db: Kysely<Database>, id: unknown) {
  if (typeof id !== 'string' || !id) throw new SiteUsageError(`Give the --site id (see \`tessera site list\`).`);
  const site = await db
    .selectFrom('sites')
    .select(['id', 'host', 'title', 'files_root'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!site) throw new Error(`No site has the id "${id}".`);
  return site;
}

/** One line read from stdin (the confirmation of `site delete`). */
function readLine(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    let answered = false;
    rl.question(prompt, (answer) => {
      answered = true;
      rl.close();
      resolve(answer.trim());
    });
    rl.on('close', () => {
      if (!answered) resolve('');
    });
  });
}

export interface SiteCommandContext {
  db: Kysely<Database>;
  filesDir: string;
  /** The file storage (`site delete` removes the site's files); the disk folder `filesDir` by default. */
  storage?: FileStorage;
  /** Asks for the delete confirmation; stdin by default. */
  ask?: (prompt: string) => Promise<string>;
}

/** Runs `tessera site …`; answers the text to print, or throws (SiteUsageError: exit 2). */
export async function siteCommand(context: SiteCommandContext, argv: string[]): Promise<string> {
  const { db } = context;
  const [command, ...rest] = argv;
  if (command === 'list') {
    options(rest, []);
    const sites = await db
      .selectFrom('sites')
      .leftJoin('owners', 'owners.site_id', 'sites.id')
      .select(['sites.id', 'sites.host', 'sites.title', (eb) => eb.fn.count<number | string>('owners.id').as('owners')])
      .groupBy(['sites.id', 'sites.host', 'sites.title', 'sites.created_at'])
      .orderBy('sites.created_at')
      .orderBy('sites.id')
      .execute();
    if (sites.length === 0) return 'No sites yet.';
    const rows = sites.map((s) => `${s.id}  ${s.host ?? '(any host)'}  ${s.title}  owners: ${Number(s.owners)}`);
    return ['ID  HOST  TITLE  OWNERS', ...rows].join('\n');
  }
  if (command === 'create') {
    const values = options(rest, ['host', 'template', 'title']);
    const name = hostName(values.host as string | undefined);
    const template = (values.template as string | undefined) ?? 'blank';
    if (template !== 'demo' && !isStarterName(template)) {
      throw new SiteUsageError(
        `Unknown --template "${template}". Templates: ${[...STARTER_NAMES, 'demo'].join(', ')}.`,
      );
    }
    await assertHostFree(db, name);
    // Its pictures go into its own files: the top of the files folder for an install's first site
    // (its root site), else the site's folder (`platform/storage/site-files.ts`).
    const filesRoot = await newSiteTakesRoot(db);
    const filesOf = (siteId: string) => (filesRoot ? context.filesDir : join(context.filesDir, siteFolder(siteId)));
    if (template === 'demo') {
      const seeded = await seedDemoSite(db, { filesDir: filesOf(DEMO_SITE_ID), host: name, filesRoot });
      if (!seeded.created) {
        throw new Error(`This install has the demo site already (${DEMO_SITE_ID}); use another --template.`);
      }
      return `Created site ${seeded.siteId} (demo) on ${name}. Start the server for its setup address.`;
    }
    const starter = loadStarter(template);
    const id = newId();
    await writeStarterImages(filesOf(id), starter);
    const given = typeof values.title === 'string' ? values.title.trim().slice(0, 120) : '';
    const title = given || (template === 'blank' ? name : starter.title);
    const site = {
      id,
      host: name,
      title,
      locale: SITE_DEFAULTS.locale,
      currency: SITE_DEFAULTS.currency,
      timeZone: SITE_DEFAULTS.timeZone,
      filesRoot,
    };
    await db.transaction().execute((trx) => insertStarterSite(trx, starter, site));
    return `Created site ${id} (${template}) on ${name}. Start the server for its setup address.`;
  }
  if (command === 'set-host') {
    const values = options(rest, ['site', 'host']);
    const site = await siteById(db, values.site);
    const name = hostName(values.host as string | undefined);
    if (site.host !== name) await assertHostFree(db, name);
    await db.updateTable('sites').set({ host: name }).where('id', '=', site.id).execute();
    return `Site ${site.id} now answers on ${name}.`;
  }
  if (command === 'delete') {
    const values = options(rest, ['site', 'yes']);
    const site = await siteById(db, values.site);
    if (values.yes !== true) {
      const ask = context.ask ?? readLine;
      const expected = site.host ?? site.id;
      const answer = await ask(
        `This deletes site ${site.id} (${site.title}) and all its pages, products, orders, owners and files.\nType ${expected} to confirm: `,
      );
      if (answer !== expected && answer !== site.id) throw new Error('Not confirmed; nothing was deleted.');
    }
    await db.transaction().execute((trx) => deleteSiteRows(trx, site.id));
    // Then its files: the root site's top level but the other sites' folder, else `sites/<id>/`.
    // No other site takes the top level over (`platform/storage/site-files.ts`).
    const storage = context.storage ?? createFileStorage({ filesDir: context.filesDir });
    await deleteSiteFiles(storage, { id: site.id, root: Number(site.files_root) === 1 });
    return `Deleted site ${site.id}.`;
  }
  throw new SiteUsageError(command ? `Unknown site command "${command}".\n\n${SITE_USAGE}` : SITE_USAGE);
}
