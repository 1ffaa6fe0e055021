import { randomFillSync } from 'node:crypto';

// Ids and timestamps of tracking rows, made for the ingestion routes' rate (issue 20). A random id
// (`newId()`, 12 fresh random bytes per call) costs a call into the random generator per event,
// and, worse, lands each row at a random place in the primary-key index: SQLite and PostgreSQL then
// touch a different index page per row. These ids start with the time, so a batch of rows goes to
// the end of the index, one page after another.

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** `n` random bytes from a pool refilled from the system's generator when used up. */
function randomHex(n: number): string {
  if (poolOffset + n > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let out = '';
  for (let i = 0; i < n; i++) out += HEX[pool[poolOffset + i]];
  poolOffset += n;
  return out;
}

/** Random per process, so two server processes writing in the same second make different ids. */
const processPart = randomHex(5);
let counter = Number.parseInt(randomHex(3), 16);
let lastSecond = -1;
let secondHex = '';

/**
 * A new tracking row id: 24 hex characters like `newId()`, laid out as 4 bytes of Unix seconds, 5
 * random bytes per process and a 3-byte counter (the layout of a MongoDB ObjectId). Ids of one
 * process never repeat within 16 million rows a second; ids sort by the second they were made in.
 */
export function trackingRowId(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    secondHex = (second >>> 0).toString(16).padStart(8, '0');
  }
  counter = (counter + 1) & 0xffffff;
  return secondHex + processPart + HEX[counter >> 16] + HEX[(counter >> 8) & 255] + HEX[counter & 255];
}

let lastMs = Number.NaN;
let lastIso = '';

/** `new Date(now).toISOString()`, made once per millisecond however many events arrive in it. */
export function isoAt(now = Date.now()): string {
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}
