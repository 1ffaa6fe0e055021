import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../../jobs.js';
import { slotOf } from '../../../platform/jobs/queue.js';
import { createScheduledBackup, PG_SCHEDULED_BACKUP } from '../scheduled-backup.js';
import { restoreBackup, verifyBackup } from '../restore.js';
import { startTestServer, type TestServer } from '../../../testing.js';

// Issue 19: scheduled backups with retention, made by the running server as a background job.

const KEEP = 3;
const DAY = 86_400_000;
const TOKEN = 'metrics-token-for-backup-tests-0123';
const T0 = new Date('2030-06-01T10:00:00.000Z');

async function startWithBackups(dialect: 'sqlite' | 'postgres', dir: string): Promise<TestServer> {
  const server = await startTestServer({
    dialect,
    config: { backup: { dir, everyHours: 24, keep: KEEP }, metricsToken: TOKEN },
  });
  // The server queues the current slot's backup when it starts: let that run finish before the
  // tests run theirs at injected times.
  const queue = server.app.services.jobs?.queue;
  const slot = slotOf(new Date(), DAY);
  for (let i = 0; i < 200; i++) {
    const state = (await queue?.occurrence(JOBS.backups, slot))?.state;
    if (state === 'completed' || state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
  return server;
}

const run = (server: TestServer, now: Date) => server.app.services.jobs!.run(JOBS.backups, now);
const ours = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('tessera-backup-'))
    .sort();

describe('scheduled backups (sqlite)', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-backups-'));
    server = await startWithBackups('sqlite', dir);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a backup of the slot that verifies and restores to the same data', async () => {
    const outcome = (await run(server, T0)) as { dir: string; removed: string[] };
    expect(outcome.dir).toBe(join(dir, 'tessera-backup-20300601T000000Z'));
    expect(ours(dir)).toEqual(['tessera-backup-20300601T000000Z']);
    const { manifest, problems } = verifyBackup(outcome.dir);
    expect(problems).toEqual([]);
    expect(manifest.created).toBe(T0.toISOString());

    const restoreDir = mkdtempSync(join(tmpdir(), 'tessera-restored-'));
    try {
      restoreBackup({ backup: outcome.dir, dataDir: restoreDir, filesDir: join(restoreDir, 'files') });
      const restored = new SQLite(join(restoreDir, 'tessera.db'), { readonly: true });
      const count = (restored.prepare('select count(*) as n from items').get() as { n: number }).n;
      restored.close();
      const live = await server.db
        .selectFrom('items')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count).toBeGreaterThan(0);
      expect(count).toBe(Number(live.n));
    } finally {
      rmSync(restoreDir, { recursive: true, force: true });
    }
  });

  it('runs twice in the same slot (a retry, another node) make one backup', async () => {
    const slotName = 'tessera-backup-20300501T000000Z';
    const first = new Date('2030-05-01T08:00:00.000Z');
    const [a, b] = await Promise.all([run(server, first), run(server, first)]);
    expect(a).toMatchObject({ dir: join(dir, slotName), removed: [] });
    expect(b).toEqual({ skipped: 'made-already', dir: join(dir, slotName) });
    expect(await run(server, new Date('2030-05-01T23:59:00.000Z'))).toEqual({
      skipped: 'made-already',
      dir: join(dir, slotName),
    });
    expect(ours(dir)).toEqual([slotName, 'tessera-backup-20300601T000000Z']);
  });

  it('keeps only the newest KEEP backups, never touching what is not ours, and removes crash leftovers', async () => {
    mkdirSync(join(dir, 'holiday-photos'));
    writeFileSync(join(dir, 'holiday-photos', 'beach.jpg'), 'not a backup');
    mkdirSync(join(dir, 'other-tool'));
    writeFileSync(join(dir, 'other-tool', 'manifest.json'), JSON.stringify({ format: 'something-else', created: '' }));
    writeFileSync(join(dir, 'notes.txt'), 'keep me');
    const leftover = join(dir, 'tessera-backup-20300101T000000Z.partial');
    mkdirSync(leftover);
    writeFileSync(join(leftover, 'tessera.db'), 'half a database');

    const names: string[] = [];
    for (let i = 1; i <= KEEP + 2; i++) {
      const outcome = (await run(server, new Date(T0.getTime() + i * DAY))) as { dir: string; cleanedUp: string[] };
      names.push(outcome.dir.slice(dir.length + 1));
      if (i === 1) expect(outcome.cleanedUp).toEqual(['tessera-backup-20300101T000000Z.partial']);
    }
    expect(ours(dir)).toEqual(names.slice(-KEEP));
    expect(existsSync(leftover)).toBe(false);
    expect(readFileSync(join(dir, 'holiday-photos', 'beach.jpg'), 'utf8')).toBe('not a backup');
    expect(existsSync(join(dir, 'other-tool', 'manifest.json'))).toBe(true);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('keep me');
    for (const name of ours(dir)) expect(verifyBackup(join(dir, name)).problems).toEqual([]);
  });

  it('fails, changing nothing, when a folder that is not a backup has the slot name', async () => {
    const squatter = join(dir, 'tessera-backup-20300701T000000Z');
    mkdirSync(squatter);
    writeFileSync(join(squatter, 'mine.txt'), 'hands off');
    const before = ours(dir);
    await expect(run(server, new Date('2030-07-01T05:00:00.000Z'))).rejects.toThrow(
      /exists but is not a complete Tessera backup/,
    );
    expect(ours(dir)).toEqual(before);
    expect(readFileSync(join(squatter, 'mine.txt'), 'utf8')).toBe('hands off');
  });

  it('on the schedule, a failed backup is counted as a failed run in /metrics', async () => {
    const failed = async () => {
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`tessera_job_runs_total{job="${JOBS.backups}",outcome="failed"}`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before = await failed();
    mkdirSync(join(dir, 'tessera-backup-20290101T000000Z'));
    await server.app.services.jobs!.enqueueDue(new Date('2029-01-01T03:00:00.000Z'));
    for (let i = 0; i < 100 && (await failed()) === before; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await failed()).toBeGreaterThan(before);
    expect(readdirSync(join(dir, 'tessera-backup-20290101T000000Z'))).toEqual([]);
  });
});

describe('scheduled backups (postgres)', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-backups-'));
    server = await startWithBackups('postgres', dir);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does nothing but say once that pg_dump is the way', async () => {
    expect(await run(server, T0)).toEqual({ skipped: 'postgres' });
    expect(await run(server, new Date(T0.getTime() + DAY))).toEqual({ skipped: 'postgres' });
    expect(readdirSync(dir)).toEqual([]);

    const said: string[] = [];
    const job = createScheduledBackup({
      db: server.db,
      config: server.app.config,
      settings: { dir, everyHours: 24, keep: KEEP },
      log: { info: (message) => said.push(message) },
    });
    await job.run(T0);
    await job.run(new Date(T0.getTime() + DAY));
    expect(said).toEqual([PG_SCHEDULED_BACKUP]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
