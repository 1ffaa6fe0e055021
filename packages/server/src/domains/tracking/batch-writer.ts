import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { TrackingRow, TrackingTableName } from '../../platform/db/tracking-tables.js';

export interface BatchWriterOptions {
  /** Flush at least this often while rows wait (ms). */
  intervalMs?: number;
  /** Flush as soon as this many rows wait. */
  maxRows?: number;
  /** Rows per INSERT statement (keeps bound parameters far below SQLite's and PostgreSQL's limits). */
  rowsPerStatement?: number;
  /** Beyond this many waiting rows new ones are dropped, so a stuck database cannot exhaust memory. */
  maxBuffered?: number;
  onError?: (error: unknown) => void;
}

/**
 * Buffers tracking rows and writes them in multi-row INSERTs: every `intervalMs`, when `maxRows`
 * are waiting, and on `close()`. Ingestion routes only push to memory, so a page's tracking call
 * never waits on the database. Writes run one at a time. On PostgreSQL a batch travels as one JSON
 * parameter (`json_populate_recordset` over the table's own row type) instead of a parameter per
 * value, which PostgreSQL parses and plans far faster. A statement that fails is tried again row by
 * row, so one bad row costs itself and not the rows it was sent with; what still fails is reported.
 * Rows added `once` carry an id the browser chose (batched events): they are written with `ON CONFLICT
 * (id) DO NOTHING`, so an event sent twice, by one server process or several, is stored once.
 */
export class BatchWriter {
  readonly #db: Kysely<Database>;
  readonly #maxRows: number;
  readonly #rowsPerStatement: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown) => void;
  /** Waiting rows by table, and by whether they are written once (`<table>` or `<table> once`). */
  #buffers = new Map<BufferKey, unknown[]>();
  #count = 0;
  #writing: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setInterval> | undefined;
  #dropped = 0;
  readonly #postgres: boolean;

  constructor(db: Kysely<Database>, options: BatchWriterOptions = {}) {
    this.#db = db;
    this.#postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    this.#maxRows = options.maxRows ?? 500;
    this.#rowsPerStatement = options.rowsPerStatement ?? 200;
    this.#maxBuffered = options.maxBuffered ?? 50_000;
    this.#onError = options.onError ?? (() => {});
    this.#timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.#timer.unref?.();
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.#count;
  }

  /** Rows refused because the buffer was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Buffers a row; false when the buffer is full and the row was dropped. With `once`, a row whose id
   * is already stored (or waits in the same flush) is left out when written.
   */
  add<T extends TrackingTableName>(table: T, row: TrackingRow<T>, once = false): boolean {
    if (this.#count >= this.#maxBuffered) {
      this.#dropped++;
      return false;
    }
    const key: BufferKey = once ? `${table} once` : table;
    let list = this.#buffers.get(key);
    if (!list) this.#buffers.set(key, (list = []));
    list.push(row);
    this.#count++;
    if (this.#count >= this.#maxRows) void this.flush();
    return true;
  }

  /** Writes everything buffered so far; resolves once it (and any earlier write) is stored. */
  flush(): Promise<void> {
    if (this.#count === 0) return this.#writing;
    const batches = this.#buffers;
    this.#buffers = new Map();
    this.#count = 0;
    this.#writing = this.#writing.then(() => this.#write(batches));
    return this.#writing;
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #write(batches: Map<BufferKey, unknown[]>): Promise<void> {
    for (const [key, rows] of batches) {
      const [table, once] = key.split(' ') as [TrackingTableName, string | undefined];
      const insert = (list: unknown[]) => this.#insert(table, list, once !== undefined);
      const perStatement = this.#postgres ? POSTGRES_ROWS_PER_STATEMENT : this.#rowsPerStatement;
      for (let i = 0; i < rows.length; i += perStatement) {
        const chunk = rows.slice(i, i + perStatement);
        try {
          await insert(chunk);
        } catch (error) {
          if (chunk.length === 1) {
            this.#onError(error);
            continue;
          }
          for (const row of chunk) {
            try {
              await insert([row]);
            } catch (rowError) {
              this.#onError(rowError);
            }
          }
        }
      }
    }
  }

  async #insert(table: TrackingTableName, rows: unknown[], once: boolean): Promise<void> {
    if (!this.#postgres) {
      const insert = this.#db.insertInto(table).values(rows as never);
      await (once ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
      return;
    }
    // Built with the query builder (not raw SQL) so the write watch sees which table it writes.
    const columns = Object.keys(rows[0] as object) as never[];
    const recordset = sql`json_populate_recordset(null::${sql.table(table)}, ${postgresJson(rows)}::json)`;
    const insert = this.#db
      .insertInto(table)
      .columns(columns)
      .expression((eb) => eb.selectFrom(recordset.as('r') as never).select(columns) as never);
    await (once ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
  }
}

type BufferKey = TrackingTableName | `${TrackingTableName} once`;

/** Rows per statement on PostgreSQL: one JSON parameter each, so far more than the bound-parameter limit allows. */
const POSTGRES_ROWS_PER_STATEMENT = 1000;

/**
 * The rows as a JSON array for PostgreSQL, whose text type cannot hold U+0000: that character is
 * dropped from every string (SQLite stores it; PostgreSQL would refuse the whole statement).
 */
export function postgresJson(rows: unknown[]): string {
  const json = JSON.stringify(rows);
  if (!json.includes('\\u0000')) return json;
  return JSON.stringify(rows, (_key, value) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value));
}
