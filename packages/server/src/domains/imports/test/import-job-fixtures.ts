// Fixtures of the import job tests (import-jobs.test.ts): generated files, an old site whose picture
// downloads the test holds and lets through, and a poll helper.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Requires Shipping,Gift Card,Status';

/** A Shopify CSV of `count` products with two variants each. */
export function productCsv(prefix: string, count: number): string {
  const lines = [HEADER];
  for (let i = 0; i < count; i++) {
    const handle = `${prefix}-${i}`;
    lines.push(
      `${handle},Job product ${i},<p>Number ${i}.</p>,Acme,Things,jobs,TRUE,Size,S,${handle}-S,250,shopify,3,10.00,,TRUE,FALSE,active`,
      `${handle},,,,,,,,M,${handle}-M,260,shopify,2,11.00,,TRUE,,`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A WordPress export of `count` posts (`<slug>-<i>`), each with a picture on `origin` under uploads/2031/07. */
export function wxr(origin: string, count: number, slug = 'job-post', firstId = 900): string {
  const items = Array.from(
    { length: count },
    (_, i) => `<item><title><![CDATA[Job post ${i}]]></title><dc:creator><![CDATA[ines]]></dc:creator>
<content:encoded><![CDATA[<p>Post ${i}.</p><p><img src="${origin}/wp-content/uploads/2031/07/job-${i}.jpg" alt="Picture ${i}"></p>]]></content:encoded>
<wp:post_id>${firstId + i}</wp:post_id><wp:post_date_gmt><![CDATA[2024-08-16 07:45:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[${slug}-${i}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Job blog</title><link>${origin}</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>${origin}</wp:base_site_url>
${items.join('\n')}
</channel></rss>`;
}

/** The value `probe` answers once it answers one; throws after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The old site: serves a JPEG for any upload of 2031, or holds the requests while `holding`. */
export async function pictureSite() {
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e6bb0' } })
    .jpeg()
    .toBuffer();
  const held: ServerResponse[] = [];
  const send = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
  const site = {
    picture,
    holding: false,
    origin: '',
    get held() {
      return held.length;
    },
    /** Lets the oldest held request through. */
    releaseOne: () => held.length > 0 && send(held.shift() as ServerResponse),
    /** Stops holding and lets every held request through. */
    releaseAll() {
      site.holding = false;
      for (const res of held.splice(0)) send(res);
    },
    async close() {
      for (const res of held.splice(0)) res.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/wp-content/uploads/2031/')) return void res.writeHead(404).end();
    if (site.holding) held.push(res);
    else send(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}
