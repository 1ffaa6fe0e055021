import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** One column of a table that references a column of another (or the same) table. */
export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

/**
 * The foreign keys of this database's own tables (on PostgreSQL, those of the connection's
 * schema only), read from the catalogue so that code walking "what belongs to a site" follows the
 * migrations instead of a list kept by hand.
 */
export async function foreignKeys(db: Kysely<any>): Promise<ForeignKey[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<ForeignKey>`
      select kcu.table_name as "table", kcu.column_name as "column",
             ccu.table_name as "references", ccu.column_name as "referencedColumn"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.constraint_schema = tc.constraint_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.constraint_schema = current_schema()
      order by 1, 2`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ table: string; column: string; references: string; referencedColumn: string | null }>`
    select m.name as "table", p."from" as "column", p."table" as "references", p."to" as "referencedColumn"
    from sqlite_master m join pragma_foreign_key_list(m.name) p
    where m.type = 'table'
    order by 1, 2`.execute(db);
  // SQLite leaves `to` empty for a reference to the other table's primary key (always `id` here).
  return rows.map((r) => ({ ...r, referencedColumn: r.referencedColumn ?? 'id' }));
}
