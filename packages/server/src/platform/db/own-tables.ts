import { type Kysely, PostgresAdapter, sql, type TableMetadata } from 'kysely';

interface ColumnRow {
  table: string;
  column: string;
  type: string;
  nullable: string;
  default: string | null;
  identity: string;
}

/**
 * The tables of this database as the connection sees them. On PostgreSQL only the schema the
 * connection's search_path writes to is read, so a server never mistakes another schema's table
 * (another site, another test server) for its own, and never trips over a schema someone drops
 * meanwhile (Kysely's introspection walks every schema of the database).
 */
export async function ownTables(db: Kysely<any>): Promise<TableMetadata[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return db.introspection.getTables();
  const { rows } = await sql<ColumnRow & { schema: string }>`
    select c.table_schema as "schema", c.table_name as "table", c.column_name as "column", c.data_type as "type",
           c.is_nullable as "nullable", c.column_default as "default", c.is_identity as "identity"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, TableMetadata>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, schema: row.schema, isView: false, columns: [] };
      tables.set(row.table, table);
    }
    const serial = row.default?.startsWith('nextval(') ?? false;
    (table.columns as TableMetadata['columns'][number][]).push({
      name: row.column,
      dataType: row.type,
      isNullable: row.nullable === 'YES',
      isAutoIncrementing: serial || row.identity === 'YES',
      hasDefaultValue: row.default !== null || row.identity === 'YES',
    });
  }
  return [...tables.values()];
}
