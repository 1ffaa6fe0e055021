import type { Kysely, Migration } from 'kysely';

// Which site keeps the top level of the file storage (issue 19, multi-site installs). It was the
// install's oldest site, computed on every read: deleting that site made the next-oldest one "first",
// so it saw the deleted site's files and lost sight of its own `sites/<id>/` folder. The choice is
// now stored: `files_root` is 1 for the one site whose files sit at the top level, 0 for every site
// with a folder of its own. An upgraded install marks its oldest site (by created_at, then id), the
// one that held the top level until now, so no file moves. At most one site holds it (a partial
// unique index); a site that later joins the install never takes it over.

export const siteFilesRootMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('sites')
      .addColumn('files_root', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const oldest = await db
      .selectFrom('sites')
      .select('id')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (oldest) await db.updateTable('sites').set({ files_root: 1 }).where('id', '=', oldest.id).execute();
    await db.schema
      .createIndex('sites_files_root')
      .on('sites')
      .column('files_root')
      .unique()
      .where('files_root', '=', 1)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sites_files_root').execute();
    await db.schema.alterTable('sites').dropColumn('files_root').execute();
  },
};
