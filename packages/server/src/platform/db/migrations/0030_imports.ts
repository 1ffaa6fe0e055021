import type { Kysely, Migration } from 'kysely';
import { idKey, siteKey, timestamps } from './columns.js';

// Imports as jobs (issue 19, `domains/imports/import-jobs.ts`): one row per import an owner started
// in the editor. The uploaded file waits in `source` until the job ends (then null); any node's job
// runner claims the row with a conditional update (`attempts`, `claimed_until`: a claim that lapses
// belonged to a node that died, and is taken again), and writes its progress here for the owner's
// polls: `phase`, `done` of `total`, `percent`, `warnings` (JSON list). It ends `done` with
// `summary` (JSON, the answer the import route gives) or `failed` with `error` (JSON `{ error,
// message }`). `running_site` holds the site's id while the import is queued or running and null
// after: its unique index lets one import per site run at a time, on any number of nodes.

export const importsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('imports')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)')
      .addColumn('source', 'text')
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('running_site', 'varchar(32)', (c) => c.unique())
      .addColumn('phase', 'varchar(16)', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('summary', 'text')
      .addColumn('error', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_until', 'varchar(32)')
      .addColumn('started_by', 'varchar(32)')
      .$call(timestamps)
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('imports_site_created').on('imports').columns(['site_id', 'created_at']).execute();
    await db.schema.createIndex('imports_state').on('imports').columns(['state', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('imports').execute();
  },
};
