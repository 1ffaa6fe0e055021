// Two nodes of one shop (issue 18): helpers shared by test/cluster-*.test.ts and bench/cluster.
import { WebsiteRole } from '@tessera/core';
import type { ServerConfig } from '../src/platform/config.js';
import { type DialectName, startTestServer, type TestServer } from '../src/testing.js';
import { createOwner, signInOwner } from './auth-helpers.js';
import { Visitor } from './visitor.js';

const GENEROUS_LIMITS: Partial<ServerConfig> = {
  rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
};

/** Node A (fresh, seeded database) and node B (its own connections and caches, same database). */
export async function startTwoNodes(
  dialect: DialectName,
  config: Partial<ServerConfig> = {},
): Promise<{ a: TestServer; b: TestServer; close(): Promise<void> }> {
  const a = await startTestServer({ dialect, config: { ...GENEROUS_LIMITS, ...config } });
  let b: TestServer;
  try {
    b = await startTestServer({ dialect, config: { ...GENEROUS_LIMITS, ...config }, sameDatabaseAs: a });
  } catch (error) {
    await a.close();
    throw error;
  }
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

/** The first limited variant of a product, by its URL id. */
export async function limitedVariant(server: TestServer, urlId: string) {
  return server.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select(['product_variants.id', 'product_variants.sku', 'product_variants.qty_in_stock'])
    .where('items.url_id', '=', urlId)
    .where('product_variants.unlimited', '=', 0)
    .orderBy('product_variants.position')
    .executeTakeFirstOrThrow();
}

/** The stock of `sku` that a product page prints in its `tessera-context` script. */
export function stockOnPage(html: string, sku: string): number {
  const match = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('the page has no tessera-context script');
  const variants = JSON.parse(match[1] as string).product.structuredContent.variants as {
    sku: string;
    qtyInStock: number;
  }[];
  const variant = variants.find((v) => v.sku === sku);
  if (!variant) throw new Error(`the page has no variant ${sku}`);
  return variant.qtyInStock;
}

/** Signs a store manager in on `server` (created once per database). */
export async function storeManager(server: TestServer, email = 'sm@cluster.test'): Promise<Visitor> {
  await createOwner(server.db, { email, password: 'cluster-password', roles: [WebsiteRole.STORE_MANAGER] });
  return signInOwner(server.url, email, 'cluster-password');
}

export interface StalenessOptions {
  /** A store manager signed in on the writing node. */
  writer: Visitor;
  /** The node whose page must show the write. */
  reader: TestServer;
  urlId?: string;
  writes: number;
  /** Give up on one write after this long (it then counts as this long). */
  timeoutMs?: number;
}

/**
 * For each write: view the product on the reader (so its caches hold the old stock), change the
 * stock through the writer's owner API, then view the reader's page every few milliseconds until it
 * shows the new stock. Answers the milliseconds from the write's answer to the start of the first
 * view that showed it (an upper bound of when the write became visible there: each view of a
 * freshly emptied cache takes a render, which is not staleness).
 */
export async function measureStaleness(options: StalenessOptions): Promise<number[]> {
  const urlId = options.urlId ?? 'wool-scarf';
  const timeoutMs = options.timeoutMs ?? 5_000;
  const variant = await limitedVariant(options.reader, urlId);
  const page = async () => {
    const answer = await new Visitor(options.reader.url).get<string>(`/shop/p/${urlId}`);
    if (answer.status !== 200) throw new Error(`product page answered ${answer.status}`);
    return stockOnPage(answer.body, variant.sku);
  };
  let qty = await page();
  const delays: number[] = [];
  for (let i = 0; i < options.writes; i++) {
    await page();
    qty = qty === 500 ? 400 : 500;
    const set = await options.writer.put(`/api/config/inventory/${variant.id}`, { qtyInStock: qty });
    if (set.status !== 200) throw new Error(`inventory change answered ${set.status}: ${JSON.stringify(set.body)}`);
    const written = performance.now();
    for (;;) {
      // A view that starts now shows the write: staleness is counted to the start of that view.
      const elapsed = performance.now() - written;
      if ((await page()) === qty) {
        delays.push(elapsed);
        break;
      }
      if (elapsed > timeoutMs) {
        delays.push(timeoutMs);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  return delays;
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
