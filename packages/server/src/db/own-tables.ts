import { type Kysely, PostgresAdapter, sql, type TableMetadata } from 'kysely';

/**
 * The tables of this database as the connection sees them. Kysely's PostgreSQL introspection
 * lists every schema; this keeps only the schema the connection's search_path writes to, so a
 * server never mistakes another schema's table (another site, another test server) for its own.
 */
export async function ownTables(db: Kysely<any>): Promise<TableMetadata[]> {
  const tables = await db.introspection.getTables();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return tables;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return tables.filter((table) => table.schema === schema);
}
