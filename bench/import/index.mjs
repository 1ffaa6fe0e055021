#!/usr/bin/env node
// Import benchmark (issue 19): 5,000 products (25 products pages of 200, the SPEC's most per page,
// two variants each) from generated Shopify CSVs, and 2,000 blog posts with two comments each from a
// generated WordPress export, imported into a fresh database as `tessera import` and the editor's
// Import panel do it (parse, check every row, one transaction per file). Baseline, same run: the
// very rows the import wrote, deleted and inserted again with plain batched INSERTs in one
// transaction. The ratio (import / baseline) is what checking and shaping the data costs over
// writing it. Server and import run in this process: CPU is this process's (process.cpuUsage).
// Run: node --conditions=source --import tsx bench/import/index.mjs   (BENCH_DIALECT=postgres optional)
// BENCH_IMPORT_VIA=job: the same files go through the editor's route as background jobs instead
// (`POST …?dryRun=false&background=true`, then `GET /api/config/imports/:id` every 200 ms until the
// end, as the Import panel does); it prints how many different progress answers the polls saw.
import { WebsiteRole } from '@tessera/core';
import { createOwner, signInOwner } from '../../packages/server/test/auth-helpers.ts';
import { importProducts } from '../../packages/server/src/domains/imports/product-import.ts';
import { importWordpress } from '../../packages/server/src/domains/imports/wordpress-import.ts';
import { newId } from '../../packages/server/src/platform/ids.ts';
import { DEMO_SITE_ID } from '../../packages/server/src/seed/seed.ts';
import { startTestServer } from '../../packages/server/src/testing.ts';

const DIALECT = process.env.BENCH_DIALECT ?? 'sqlite';
const PAGES = Number(process.env.BENCH_IMPORT_PAGES ?? 25);
const PER_PAGE = 200;
const POSTS = Number(process.env.BENCH_IMPORT_POSTS ?? 2000);
const VIA_JOB = process.env.BENCH_IMPORT_VIA === 'job';

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Requires Shipping,Gift Card,Status';

function productCsv(page) {
  const lines = [HEADER];
  for (let i = 0; i < PER_PAGE; i++) {
    const handle = `bench-${page}-${i}`;
    lines.push(
      `${handle},Bench product ${page}-${i},"<p>A <em>sturdy</em> thing, number ${i}.</p>",Acme,Things,"bench, page-${page}",TRUE,Size,S,${handle}-S,250,shopify,12,19.50,,TRUE,FALSE,active`,
    );
    lines.push(`${handle},,,,,,,,M,${handle}-M,260,shopify,8,21.00,24.00,TRUE,,`);
  }
  return `${lines.join('\n')}\n`;
}

function wxr() {
  const items = [];
  for (let i = 1; i <= POSTS; i++) {
    const comments = [1, 2]
      .map(
        (
          c,
        ) => `<wp:comment><wp:comment_id>${i * 10 + c}</wp:comment_id><wp:comment_author><![CDATA[Reader ${c}]]></wp:comment_author>
<wp:comment_author_email><![CDATA[reader${c}@example.com]]></wp:comment_author_email><wp:comment_date_gmt><![CDATA[2024-08-16 09:0${c}:00]]></wp:comment_date_gmt>
<wp:comment_content><![CDATA[Comment ${c} on post ${i}.]]></wp:comment_content><wp:comment_approved><![CDATA[1]]></wp:comment_approved>
<wp:comment_type><![CDATA[comment]]></wp:comment_type><wp:comment_parent>${c === 2 ? i * 10 + 1 : 0}</wp:comment_parent></wp:comment>`,
      )
      .join('\n');
    items.push(`<item><title><![CDATA[Bench post ${i}]]></title><dc:creator><![CDATA[ines]]></dc:creator>
<content:encoded><![CDATA[<!-- wp:paragraph --><p>Paragraph one of post ${i}, with <strong>bold</strong> text.</p><!-- /wp:paragraph -->
<p>Paragraph two.</p>]]></content:encoded><excerpt:encoded><![CDATA[Post ${i} in short.]]></excerpt:encoded>
<wp:post_id>${i}</wp:post_id><wp:post_date_gmt><![CDATA[2024-08-16 07:45:00]]></wp:post_date_gmt><wp:post_name><![CDATA[bench-post-${i}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="garden"><![CDATA[Garden]]></category><category domain="post_tag" nicename="t${i % 20}"><![CDATA[t${i % 20}]]></category>
${comments}</item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Bench blog</title><link>https://bench.example.org</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://bench.example.org</wp:base_site_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ines]]></wp:author_login><wp:author_display_name><![CDATA[Inès]]></wp:author_display_name></wp:author>
${items.join('\n')}
</channel></rss>`;
}

async function timed(run) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { result, wallS: (performance.now() - started) / 1000, cpuS: (used.user + used.system) / 1e6 };
}

/** Rows written since `before` in `tables`, read back so the baseline writes exactly them again. */
async function rowsOf(db, table, column, ids) {
  const out = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom(table)
        .selectAll()
        .where(column, 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

/** The baseline: delete the rows, then insert them again, batched, in one transaction. */
async function rawRewrite(db, tables) {
  for (const { table, key, rows } of [...tables].reverse()) {
    const ids = [...new Set(rows.map((r) => r[key]))];
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .deleteFrom(table)
        .where(key, 'in', ids.slice(i, i + 500))
        .execute();
    }
  }
  return timed(() =>
    db.transaction().execute(async (trx) => {
      for (const { table, rows } of tables) {
        for (let i = 0; i < rows.length; i += 100)
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + 100))
            .execute();
      }
    }),
  );
}

const line = (label, run, base, units) =>
  console.log(
    `${label}: ${units} in ${run.wallS.toFixed(2)} s wall, ${run.cpuS.toFixed(2)} s CPU · baseline (same rows, plain INSERTs) ${base.wallS.toFixed(2)} s wall, ${base.cpuS.toFixed(2)} s CPU · ratio ${(run.cpuS / base.cpuS).toFixed(1)}× CPU, ${(run.wallS / base.wallS).toFixed(1)}× wall`,
  );

const server = await startTestServer({
  dialect: DIALECT,
  config: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
});
/** Progress answers the polls saw, over every import of the run (job mode). */
const progressSeen = { products: new Set(), posts: new Set() };
let owner;

/** One import through the editor's route as a background job, polled until it ends; answers its summary. */
async function viaJob(path, body, contentType, seen) {
  const started = await owner.request('POST', path, { body, contentType });
  if (started.status !== 202) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  for (;;) {
    const answer = (await owner.get(`/api/config/imports/${started.body.id}`)).body;
    seen.add(`${started.body.id} ${answer.phase} ${answer.done}/${answer.total} ${answer.percent}%`);
    if (answer.state === 'done') return answer.summary;
    if (answer.state === 'failed') throw new Error(answer.error.message);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

try {
  const db = server.db;
  if (VIA_JOB) {
    await createOwner(db, { email: 'bench@imports.test', password: 'bench-imports-pw', roles: [WebsiteRole.ADMIN] });
    owner = await signInOwner(server.url, 'bench@imports.test', 'bench-imports-pw');
  }
  const shop = await db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', DEMO_SITE_ID)
    .where('kind', '=', 'products')
    .executeTakeFirstOrThrow();
  const pages = [];
  for (let p = 0; p < PAGES; p++) {
    const slug = `bench-shop-${p}`;
    await db
      .insertInto('collections')
      .values({ ...shop, id: newId(), slug, title: `Bench shop ${p}`, position: 100 + p })
      .execute();
    pages.push({ slug, csv: productCsv(p) });
  }
  const products = await timed(async () => {
    let created = 0;
    for (const page of pages) {
      const report = VIA_JOB
        ? await viaJob(
            `/api/config/imports/products?dryRun=false&background=true&collection=${page.slug}`,
            page.csv,
            'text/csv',
            progressSeen.products,
          )
        : await importProducts(db, { siteId: DEMO_SITE_ID, csv: page.csv, collection: page.slug, dryRun: false });
      if (report.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(report.rejected[0])}`);
      created += report.planned.length;
    }
    return created;
  });
  const items = await db.selectFrom('items').select('id').where('url_id', 'like', 'bench-%').execute();
  const itemIds = items.map((i) => i.id);
  const productRows = [
    { table: 'items', key: 'id', rows: await rowsOf(db, 'items', 'id', itemIds) },
    { table: 'product_variants', key: 'item_id', rows: await rowsOf(db, 'product_variants', 'item_id', itemIds) },
    { table: 'item_terms', key: 'item_id', rows: await rowsOf(db, 'item_terms', 'item_id', itemIds) },
  ];
  const productBase = await rawRewrite(db, productRows);
  if (VIA_JOB)
    console.log(`products: ${progressSeen.products.size} different progress answers seen over the 25 imports`);
  line(
    `products (${DIALECT}${VIA_JOB ? ', as jobs' : ''})`,
    products,
    productBase,
    `${products.result} products, ${productRows[1].rows.length} variants`,
  );

  const xml = wxr();
  const posts = await timed(async () => {
    const report = VIA_JOB
      ? await viaJob(
          '/api/config/imports/wordpress?dryRun=false&background=true',
          xml,
          'application/xml',
          progressSeen.posts,
        )
      : await importWordpress(db, { siteId: DEMO_SITE_ID, xml, dryRun: false });
    return report.planned.length;
  });
  const postItems = await db.selectFrom('items').select('id').where('url_id', 'like', 'bench-post-%').execute();
  const postIds = postItems.map((i) => i.id);
  const postRows = [
    { table: 'items', key: 'id', rows: await rowsOf(db, 'items', 'id', postIds) },
    { table: 'item_terms', key: 'item_id', rows: await rowsOf(db, 'item_terms', 'item_id', postIds) },
    { table: 'comments', key: 'item_id', rows: await rowsOf(db, 'comments', 'item_id', postIds) },
  ];
  const postBase = await rawRewrite(db, postRows);
  if (VIA_JOB) console.log(`posts: ${progressSeen.posts.size} different progress answers seen`);
  line(
    `posts (${DIALECT}${VIA_JOB ? ', as a job' : ''})`,
    posts,
    postBase,
    `${posts.result} posts, ${postRows[2].rows.length} comments`,
  );
} finally {
  await server.close();
}
