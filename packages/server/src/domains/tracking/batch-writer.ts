import type { Kysely } from 'kysely';
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
 * never waits on the database. Writes run one at a time; a failed batch is reported and dropped.
 */
export class BatchWriter {
  readonly #db: Kysely<Database>;
  readonly #maxRows: number;
  readonly #rowsPerStatement: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown) => void;
  #buffers = new Map<TrackingTableName, unknown[]>();
  #count = 0;
  #writing: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setInterval> | undefined;
  #dropped = 0;

  constructor(db: Kysely<Database>, options: BatchWriterOptions = {}) {
    this.#db = db;
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

  add<T extends TrackingTableName>(table: T, row: TrackingRow<T>): void {
    if (this.#count >= this.#maxBuffered) {
      this.#dropped++;
      return;
    }
    let list = this.#buffers.get(table);
    if (!list) this.#buffers.set(table, (list = []));
    list.push(row);
    this.#count++;
    if (this.#count >= this.#maxRows) void this.flush();
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

  async #write(batches: Map<TrackingTableName, unknown[]>): Promise<void> {
    for (const [table, rows] of batches) {
      for (let i = 0; i < rows.length; i += this.#rowsPerStatement) {
        const chunk = rows.slice(i, i + this.#rowsPerStatement);
        try {
          await this.#db
            .insertInto(table)
            .values(chunk as never)
            .execute();
        } catch (error) {
          this.#onError(error);
        }
      }
    }
  }
}
