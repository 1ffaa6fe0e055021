// Issue 19: the pictures, sound and video files of a Squarespace export live on Squarespace's CDN
// (images.squarespace-cdn.com, static1.squarespace.com). With media copying they come into the
// site's files like a WordPress site's uploads, downloaded through the guard from a local server
// that stands in for the CDN (named to the importer through its tests-only `cdnHosts`); a file too
// large for the site keeps its address and is a warning in the summary.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_LIMITS } from '@tessera/core';
import { formatWordpressReport } from '../wordpress-command.js';
import { importWordpress } from '../wordpress-import.js';
import { IMPORT_ALLOW_HOSTS, mediaKey } from '../wordpress-media.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';

const FIXTURE = readFileSync(
  new URL('../../../../test/fixtures/imports/squarespace-site.xml', import.meta.url),
  'utf8',
);
const IMAGES = 'https://images.squarespace-cdn.com';
const STATIC = 'https://static1.squarespace.com';
const WHEEL = '/static/5f1a/t/60ab/1621/wheel.mp3';
const FIRING = '/static/5f1a/t/60ab/1622/firing.mp4';
const GLAZE = '/static/5f1a/t/60ab/1623/glaze.png';
/** A post of the same export with a sound, a video, a picture addressed with Squarespace's `?format=`, and a featured image. */
const SOUNDS_POST = `<item>
<title>Studio sounds</title>
<link>/journal/studio-sounds</link>
<dc:creator>Mara Lind</dc:creator>
<content:encoded><![CDATA[<div class="sqs-block audio-block sqs-block-audio" data-block-type="41" data-block-json="{&quot;audioAssetUrl&quot;:&quot;${STATIC}${WHEEL}&quot;,&quot;title&quot;:&quot;The wheel&quot;}"><div class="sqs-block-content"></div></div><p>And a firing:</p><video src="${STATIC}${FIRING}" controls></video><p><img src="${IMAGES}/content/v1/5f1a/studio.jpg?format=1500w" alt="The studio again"></p>]]></content:encoded>
<wp:post_id>12</wp:post_id>
<wp:post_date>2024-10-05 09:00:00</wp:post_date>
<wp:post_name>studio-sounds</wp:post_name>
<wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>13</wp:meta_value></wp:postmeta>
</item>
<item>
<title>glaze</title>
<wp:post_id>13</wp:post_id>
<wp:post_type>attachment</wp:post_type>
<wp:status>inherit</wp:status>
<wp:attachment_url>${STATIC}${GLAZE}</wp:attachment_url>
</item>
</channel>`;
const SOUND = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0xff)]);

const blocksOf = (sections: string) => JSON.parse(sections).flatMap((s: { blocks: unknown[] }) => s.blocks);
type Block = { type: number; content: Record<string, unknown> };

describe.each(DIALECTS)("a Squarespace export's files on %s", (dialect) => {
  let cdn: Server;
  let origin: string;
  let host: string;
  let jpeg: Buffer;
  let png: Buffer;
  const requests: string[] = [];

  const suite = suiteServer(dialect);
  beforeAll(async () => {
    await suite.server.app.fileStorage.deletePrefix('squarespace/');
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa8800' } })
      .png()
      .toBuffer();
    const tooLarge = Buffer.alloc(EDITOR_LIMITS.maxUploadBytes + 1);
    cdn = createServer((req, res) => {
      const url = req.url ?? '';
      requests.push(url);
      if (url.startsWith('/content/v1/5f1a/') && url.endsWith('.jpg'))
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      else if (url === GLAZE) res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (url === WHEEL) res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(SOUND);
      else if (url === FIRING) res.writeHead(200, { 'content-type': 'video/mp4' }).end(tooLarge);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    host = new URL(origin).host;
  });
  afterAll(async () => {
    await suite.server?.app.fileStorage.deletePrefix('squarespace/');
    await new Promise((resolve) => cdn?.close(resolve));
  });

  const xml = () => FIXTURE.replace('</channel>', SOUNDS_POST).replaceAll(IMAGES, origin).replaceAll(STATIC, origin);
  const allow = { [IMPORT_ALLOW_HOSTS]: '127.0.0.1' };
  const page = async (slug: string) =>
    (
      await suite.server.db
        .selectFrom('collections')
        .select('sections')
        .where('site_id', '=', DEMO_SITE_ID)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).sections;
  const post = (urlId: string) =>
    suite.server.db
      .selectFrom('items')
      .select(['sections', 'body', 'images'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('url_id', '=', urlId)
      .executeTakeFirstOrThrow();

  it('treats only the CDN as the CDN: another server is left alone, and the guard still refuses private addresses', async () => {
    // As in production (no stand-in named): the local server is just some other site.
    const plain = { storage: suite.server.app.fileStorage, fetch: true, env: allow };
    const dry = await importWordpress(suite.server.db, {
      siteId: DEMO_SITE_ID,
      xml: xml(),
      dryRun: true,
      media: plain,
    });
    expect(dry.media).toEqual({ addresses: 0, copied: 0, failed: [], warnings: [] });
    // Named as the CDN but not allowed on a private address: refused by the guard, nothing asked.
    const media = { ...plain, env: {}, cdnHosts: [host] };
    const report = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: xml(), dryRun: false, media });
    expect(requests).toEqual([]);
    expect(report.media?.copied).toBe(0);
    expect(report.media?.addresses).toBe(9);
    expect(report.media?.failed).toHaveLength(9);
    expect(await suite.server.app.fileStorage.hasPrefix('squarespace/')).toBe(false);
    expect(await page('our-studio')).toContain(`${origin}/content/v1/5f1a/studio.jpg`);
  });

  it('copies the pictures, sound and video once each and points pages, posts, galleries and featured images at the copies', async () => {
    const media = { storage: suite.server.app.fileStorage, fetch: true, env: allow, cdnHosts: [host] };
    const report = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: xml(), dryRun: false, media });
    // studio.jpg is addressed twice (once with ?format=1500w): one download of the original, one copy.
    expect(requests.filter((r) => r.includes('studio.jpg'))).toEqual(['/content/v1/5f1a/studio.jpg']);
    expect(report.media?.failed).toEqual([]);
    expect(report.media?.copied).toBe(8);
    const paths: Record<string, string> = {
      'studio.jpg': '/content/v1/5f1a/studio.jpg',
      'bowl.jpg': '/content/v1/5f1a/bowl.jpg',
      'jug.jpg': '/content/v1/5f1a/jug.jpg',
      'kiln-door.jpg': '/content/v1/5f1a/kiln-door.jpg',
      'cone.jpg': '/content/v1/5f1a/cone.jpg',
      'glaze.png': GLAZE,
      'wheel.mp3': WHEEL,
    };
    const keyOf = (name: string) => mediaKey(`${origin}${paths[name]}`, 'cdn');
    const copyOf = (name: string) => `/files/${keyOf(name)}`;
    for (const name of Object.keys(paths)) {
      expect(keyOf(name)).toMatch(new RegExp(`^squarespace/[0-9a-f]{16}/${name.replace('.', '\\.')}$`));
      const bytes = await suite.server.app.fileStorage.read(keyOf(name));
      expect(bytes?.equals(name.endsWith('.jpg') ? jpeg : name.endsWith('.png') ? png : SOUND), name).toBe(true);
    }
    expect(await suite.server.app.fileStorage.read(mediaKey(`${origin}${FIRING}`, 'cdn'))).toBeUndefined();

    const studio = blocksOf(await page('our-studio')) as Block[];
    expect((studio.find((b) => b.type === 5)!.content.image as { assetUrl: string }).assetUrl).toBe(
      copyOf('studio.jpg'),
    );
    const work = blocksOf(await page('work')) as Block[];
    expect(
      (work.find((b) => b.type === 8)!.content.images as { assetUrl: string }[]).map((image) => image.assetUrl),
    ).toEqual([copyOf('bowl.jpg'), copyOf('jug.jpg')]);
    const firing = await post('first-firing');
    expect(firing.sections).toContain(copyOf('cone.jpg'));
    // The post's HTML (feeds, exports, the blog editor) shows the lazy picture's copy too.
    expect(firing.body).toContain(`<img src="${copyOf('cone.jpg')}"`);
    expect(`${firing.sections}${firing.body}`).not.toContain(`${origin}/content/v1/5f1a/cone.jpg`);

    const sounds = await post('studio-sounds');
    const blocks = blocksOf(sounds.sections) as Block[];
    expect(blocks.find((b) => b.type === 41)?.content).toEqual({ url: copyOf('wheel.mp3'), title: 'The wheel' });
    expect(sounds.body).toContain(`src="${copyOf('studio.jpg')}"`);
    expect(JSON.parse(sounds.images)[0].assetUrl).toBe(copyOf('glaze.png'));
    for (const name of ['studio.jpg', 'wheel.mp3', 'glaze.png'])
      expect(`${sounds.sections}${sounds.body}${sounds.images}`).not.toContain(`${origin}/content/v1/5f1a/${name}`);
    // The video is larger than the site's files may be: it keeps its address, and the summary says what to do.
    expect(blocks.find((b) => b.type === 32)?.content.url).toBe(`${origin}${FIRING}`);
    expect(report.media?.warnings).toEqual([
      `firing.mp4 is larger than the 20 MB a file of the site may have, so "Studio sounds" still uses its old address ${origin}${FIRING}. To keep it on this site, make it smaller (a video can also go on YouTube or Vimeo), upload it under Files and choose it in its block.`,
    ]);
    expect(formatWordpressReport(report)).toContain('warning: firing.mp4 is larger than the 20 MB');

    const served = await fetch(`${suite.server.url}${copyOf('wheel.mp3')}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(SOUND)).toBe(true);
  });
});
