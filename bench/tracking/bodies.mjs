// Request bodies of the tracking benchmark, made once with a placeholder and joined around each
// event's key per request, so the load generator (on the same two cores) spends little per request.
// The key is an event's visitor id (how the stored rows are matched with the answers); in a batch it
// is also the tail of the event's id, after 8 hex digits of the second the request is made in, as
// the storefront tracker stamps its ids (one fixed second for a whole run would put every row at a
// random place in one growing stretch of the index, which no real traffic does).

const KEY = 'EVENTKEYPLACEHOLDER';
const SECONDS = 'SECONDSPLACEHOLDER';

const hitData = JSON.stringify({
  visitorId: KEY,
  visitStart: Date.now(),
  analyticsId: `a${KEY}`,
  sessionId: `s${KEY}`,
  path: '/shop',
  query: '',
  referrer: 'https://search.example/',
  language: 'en-US',
  windowSize: '1280x900',
  pageType: 1,
});

const eventContent = JSON.stringify({
  eventName: 'AddToCart',
  app: 'storefront',
  data: { itemId: 'bench-item', sku: 'SKU', quantity: 1, valueCents: 1200, currency: 'USD' },
  timestamp: Date.now(),
  context: { visitorId: KEY, sessionId: `s${KEY}`, path: '/shop/p/sticker-pack' },
});

/** `POST /api/census/RecordHit`, form-encoded. */
const hitParts = new URLSearchParams({ event: 'view', data: hitData }).toString().split(KEY);
/** `POST /api/v1/clanker/events`, JSON. */
const schemaParts = JSON.stringify({ eventSchemaName: 'storefront-analytics-event', eventContent }).split(KEY);
/** One event of `POST /api/census/batch`, each kind: the id comes first, so only the first part holds the second. */
const batchHitParts = JSON.stringify({ type: 'hit', id: `${SECONDS}${KEY}`, data: hitData }).split(KEY);
const batchSchemaParts = JSON.stringify({
  type: 'schema',
  id: `${SECONDS}${KEY}`,
  eventSchemaName: 'storefront-analytics-event',
  eventContent,
}).split(KEY);

let second = -1;
let hitHead = '';
let schemaHead = '';
/** The first part of each kind with the current second in the id, made once a second. */
function stamp() {
  const now = Math.floor(Date.now() / 1000);
  if (now !== second) {
    second = now;
    const hex = now.toString(16).padStart(8, '0');
    hitHead = batchHitParts[0].replace(SECONDS, hex);
    schemaHead = batchSchemaParts[0].replace(SECONDS, hex);
  }
}
const batchHit = (key) => hitHead + key + batchHitParts.slice(1).join(key);
const batchSchema = (key) => schemaHead + key + batchSchemaParts.slice(1).join(key);

/**
 * The routes the benchmark loads besides the bare one: path, content type, events per request, and
 * the body of a request whose events have the given keys. `page` is a page's batch (its hit and one
 * event, what the storefront tracker sends for a product page); `batch` is `size` events, hits and
 * schema events taking turns.
 */
export function ingestRoutes(size) {
  return {
    hit: {
      path: '/api/census/RecordHit',
      type: 'application/x-www-form-urlencoded',
      events: 1,
      body: ([key]) => hitParts.join(key),
    },
    schema: {
      path: '/api/v1/clanker/events',
      type: 'application/json',
      events: 1,
      body: ([key]) => schemaParts.join(key),
    },
    page: {
      path: '/api/census/batch',
      type: 'application/json',
      events: 2,
      body: ([hit, event]) => {
        stamp();
        return `{"events":[${batchHit(hit)},${batchSchema(event)}]}`;
      },
    },
    batch: {
      path: '/api/census/batch',
      type: 'application/json',
      events: size,
      body: (keys) => {
        stamp();
        return `{"events":[${keys.map((key, i) => (i % 2 ? batchSchema : batchHit)(key)).join(',')}]}`;
      },
    },
  };
}
