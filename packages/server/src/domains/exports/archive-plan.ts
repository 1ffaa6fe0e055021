import type { Kysely, SelectQueryBuilder } from 'kysely';
import { type ForeignKey, foreignKeys } from '../../platform/db/foreign-keys.js';
import { ownTables } from '../../platform/db/own-tables.js';

// Which rows of which tables make up one site, for `tessera site export` and `site restore`
// (issue 19). Read from the database's own catalogue: a table with a `site_id` column belongs to
// the site by that column; a table without one belongs through a foreign key to a table that does
// (order lines through orders, variants through items), however deep. A table that is neither,
// and is not left out below with its reason, stops the export: a new table must say where it goes.

/** Tables an archive leaves out, with the reason (also printed by the export). */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  kysely_migration: "the install's migration bookkeeping",
  kysely_migration_lock: "the install's migration bookkeeping",
  captcha_spent: 'short-lived spam-check memory',
  review_drafts: 'refused review posts kept for a few minutes to fill the form in again',
  form_submission_keys: 'short-lived form keys',
  restock_keys: 'short-lived sign-up keys',
  idempotency_keys: 'short-lived memory of retried requests',
  owner_sessions: 'sign-ins (everyone signs in again on the new install)',
  site_user_sessions: 'sign-ins (everyone signs in again on the new install)',
  password_resets: "single-use links that name the old install's address",
  owner_password_resets: "single-use links that name the old install's address",
  email_verifications: "single-use links that name the old install's address",
  owner_invites: "single-use links that name the old install's address",
  setup_tokens: "single-use links that name the old install's address",
  payment_connections: "payment provider keys, encrypted with the old install's TESSERA_SECRET_KEY: connect again",
  payment_events: 'provider notifications already handled',
  mail_outbox: 'mail waiting to be sent (never sent twice, from two installs)',
  webhook_deliveries: 'webhook posts waiting or done (never posted twice)',
  job_runs: "the install's background-job bookkeeping",
  imports: "the editor's imports and their progress (what they made is in the archive)",
  carts: "visitors' open carts",
  cart_entries: "visitors' open carts",
  site_user_carts: "visitors' open carts",
};

/** How the rows of one archived table are found from the site's id. */
export type TableScope =
  | { kind: 'site-row' }
  | { kind: 'site-column' }
  | { kind: 'parent'; column: string; parent: string; parentColumn: string };

export interface ArchivedTable {
  name: string;
  scope: TableScope;
  /** Columns that count up by themselves (their sequence is moved past restored rows on PostgreSQL). */
  autoIncrement: string[];
}

export interface ArchivePlan {
  /** In an order that inserts every referenced row before the rows that reference it. */
  tables: ArchivedTable[];
  /** Tables neither archived nor left out: the export refuses to run while there are any. */
  unplaced: string[];
}

/** Orders tables so that every table comes after the tables its foreign keys point at. */
function parentsFirst(names: string[], keys: readonly ForeignKey[]): string[] {
  const included = new Set(names);
  const done = new Set<string>();
  const out: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const key of keys) {
      if (key.table === name && key.references !== name && included.has(key.references)) visit(key.references, path);
    }
    path.delete(name);
    done.add(name);
    out.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return out;
}

export async function archivePlan(db: Kysely<any>): Promise<ArchivePlan> {
  const tables = (await ownTables(db)).filter((t) => !(t.name in LEFT_OUT));
  const keys = await foreignKeys(db);
  const scopes = new Map<string, TableScope>();
  for (const table of tables) {
    if (table.name === 'sites') scopes.set(table.name, { kind: 'site-row' });
    else if (table.columns.some((c) => c.name === 'site_id')) scopes.set(table.name, { kind: 'site-column' });
  }
  // Tables reached only through a parent: repeat until no more are placed (grandchildren and deeper).
  for (let placed = true; placed; ) {
    placed = false;
    for (const table of tables) {
      if (scopes.has(table.name)) continue;
      const key = keys.find((k) => k.table === table.name && k.references !== table.name && scopes.has(k.references));
      if (!key) continue;
      scopes.set(table.name, {
        kind: 'parent',
        column: key.column,
        parent: key.references,
        parentColumn: key.referencedColumn,
      });
      placed = true;
    }
  }
  const byName = new Map(tables.map((t) => [t.name, t]));
  const order = parentsFirst([...scopes.keys()], keys);
  return {
    tables: order.map((name) => ({
      name,
      scope: scopes.get(name) as TableScope,
      autoIncrement: (byName.get(name)?.columns ?? []).filter((c) => c.isAutoIncrementing).map((c) => c.name),
    })),
    unplaced: tables
      .map((t) => t.name)
      .filter((name) => !scopes.has(name))
      .sort(),
  };
}

/** The query for one archived table's rows of `siteId`, its scope followed up to the site. */
export function rowsQuery(
  db: Kysely<any>,
  plan: ArchivePlan,
  table: string,
  siteId: string,
  select: readonly string[] | '*' = '*',
): SelectQueryBuilder<any, any, any> {
  const entry = plan.tables.find((t) => t.name === table);
  if (!entry) throw new Error(`${table} is not in the archive plan`);
  const from = db.selectFrom(table);
  const query = select === '*' ? from.selectAll() : from.select(select as string[]);
  const { scope } = entry;
  if (scope.kind === 'site-row') return query.where('id', '=', siteId);
  if (scope.kind === 'site-column') return query.where('site_id', '=', siteId);
  return query.where(scope.column, 'in', rowsQuery(db, plan, scope.parent, siteId, [scope.parentColumn]));
}
