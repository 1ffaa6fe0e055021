import { join } from 'node:path';

// Writes `count` small sites straight into a running server's SQLite database, the way
// `tessera site create --template shop` does (the built server's own insertStarterSite), but in a
// few transactions instead of a process per site. Answers their hosts, s0001.bench.test and on.
// The server has not looked these hosts up yet, so nothing it cached is stale.

const dist = new URL('../../packages/server/dist/', import.meta.url);
const { openDatabase, sqliteFileFor } = await import(new URL('platform/db/connect.js', dist).href);
const { newId } = await import(new URL('platform/ids.js', dist).href);
const { loadStarter } = await import(new URL('domains/sites/starter-schema.js', dist).href);
const { insertStarterSite, writeStarterImages } = await import(new URL('domains/sites/starter-site.js', dist).href);

export const benchHost = (i) => `s${String(i + 1).padStart(4, '0')}.bench.test`;

export async function createSites(dataDir, count, { template = 'shop', batch = 100 } = {}) {
  const starter = loadStarter(template);
  await writeStarterImages(join(dataDir, 'files'), starter);
  const { db } = openDatabase({ sqliteFile: sqliteFileFor(dataDir) });
  const hosts = [];
  try {
    for (let start = 0; start < count; start += batch) {
      await db.transaction().execute(async (trx) => {
        for (let i = start; i < Math.min(count, start + batch); i++) {
          const host = benchHost(i);
          await insertStarterSite(trx, starter, {
            id: newId(),
            host,
            title: `Bench shop ${i + 1}`,
            locale: 'en-US',
            currency: 'USD',
            timeZone: 'UTC',
          });
          hosts.push(host);
        }
      });
    }
  } finally {
    await db.destroy();
  }
  return hosts;
}
