import type { Kysely, Migration } from 'kysely';

// The site editor (issue 10): a page's unpublished draft lives beside its published sections, so
// visitors never see it until the owner publishes; plus the date a scheduled page goes live.

export const editorMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('collections').addColumn('draft_content', 'text').execute();
    await db.schema.alterTable('collections').addColumn('draft_updated_at', 'varchar(32)').execute();
    await db.schema.alterTable('collections').addColumn('publish_at', 'varchar(32)').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('collections').dropColumn('publish_at').execute();
    await db.schema.alterTable('collections').dropColumn('draft_updated_at').execute();
    await db.schema.alterTable('collections').dropColumn('draft_content').execute();
  },
};
