// Issue 19: the pictures of a WordPress export copied into the site's files, downloaded from a
// local HTTP server playing the old site (`--fetch-media`) or read from a copy of its uploads
// folder (`--media DIR`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCommand } from '../import-command.js';
import { importWordpress } from '../wordpress-import.js';
import { IMPORT_ALLOW_HOSTS } from '../wordpress-media.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { wxr } from './wordpress-import-fixtures.js';
import { suiteServer } from '../../../../test/suite-server.js';

const FIXTURE = wxr();
const TOMATOES = '/wp-content/uploads/2024/08/tomatoes.jpg';
const JARS = '/wp-content/uploads/2024/08/jars.jpg';
/** The bees' sound file, played by an audio block and an [audio] shortcode. */
const BEES = '/wp-content/uploads/2024/09/bees.mp3';
/** An MP3 as the site's files take it (an ID3 header, then frames). */
const SOUND = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0xff)]);
/** The block post's pictures (an image block, a gallery, its featured image). */
const SEPTEMBER = '/wp-content/uploads/2024/09/';

describe.each(DIALECTS)('WordPress pictures on %s', (dialect) => {
  let oldSite: Server;
  let origin: string;
  let picture: Buffer;
  let dir: string;
  const requests: string[] = [];

  const suite = suiteServer(dialect);
  beforeAll(async () => {
    await suite.server.app.fileStorage.deletePrefix('wordpress/');
    dir = mkdtempSync(join(tmpdir(), 'tessera-wxr-media-'));
    picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#cc3322' } })
      .jpeg()
      .toBuffer();
    oldSite = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === BEES) res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(SOUND);
      else if (req.url === TOMATOES || req.url?.startsWith(SEPTEMBER))
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
      // A page where a picture should be: refused as not a picture.
      else if (req.url === JARS) res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>gone</html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Test servers share one files folder: leave it as found.
    await suite.server?.app.fileStorage.deletePrefix('wordpress/');
    await new Promise((resolve) => oldSite?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const xml = () => FIXTURE.replaceAll('https://harbour.example.org', origin);
  const allow = { [IMPORT_ALLOW_HOSTS]: '127.0.0.1' };
  const stored = () => suite.server.app.fileStorage.read('wordpress/2024/08/tomatoes.jpg');
  const harvestBody = async () =>
    (
      await suite.server.db
        .selectFrom('items')
        .select('body')
        .where('site_id', '=', DEMO_SITE_ID)
        .where('url_id', '=', 'tomato-harvest')
        .executeTakeFirstOrThrow()
    ).body;

  it('never downloads from a private address unless allowed, and copies nothing then', async () => {
    const media = { storage: suite.server.app.fileStorage, fetch: true, env: {} };
    const dry = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: xml(), dryRun: true, media });
    expect(dry.media).toEqual({ addresses: 5, copied: 0, failed: [], warnings: [] });
    expect(requests).toEqual([]);
    await expect(
      importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: xml(), blog: 'nope', dryRun: false, media }),
    ).rejects.toThrow('The site has no blog "nope".');
    expect(requests).toEqual([]);
    expect(await stored()).toBeUndefined();
  });

  it('removes the pictures it copied when the import itself fails', async () => {
    const media = { storage: suite.server.app.fileStorage, fetch: true, env: allow };
    await expect(
      importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: xml(), blog: 'nope', dryRun: false, media }),
    ).rejects.toThrow('The site has no blog "nope".');
    expect(requests).toContain(TOMATOES);
    expect(await stored()).toBeUndefined();
  });

  it('downloads the export’s own pictures, shows the copies in the posts, and lists what failed', async () => {
    const media = { storage: suite.server.app.fileStorage, fetch: true, env: allow };
    const report = await importWordpress(suite.server.db, { siteId: DEMO_SITE_ID, xml: xml(), dryRun: false, media });
    expect(report.media?.copied).toBe(4);
    expect(report.media?.warnings).toEqual([]);
    expect(report.media?.failed).toEqual([
      { url: `${origin}${JARS}`, reason: 'not a picture (JPEG, PNG, GIF, WebP or AVIF)' },
    ]);
    expect((await stored())?.equals(picture)).toBe(true);
    const body = await harvestBody();
    expect(body).toContain('src="/files/wordpress/2024/08/tomatoes.jpg"');
    expect(body).not.toContain(`${origin}${TOMATOES}`);
    // Blocks and featured images point at the copies too.
    const beds = await suite.server.db
      .selectFrom('items')
      .select(['sections', 'images', 'body'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('url_id', '=', 'summer-beds')
      .executeTakeFirstOrThrow();
    const blocks = JSON.parse(beds.sections).flatMap((s: { blocks: unknown[] }) => s.blocks);
    expect(blocks.find((b: { type: number }) => b.type === 5).content.image.assetUrl).toBe(
      '/files/wordpress/2024/09/beans.jpg',
    );
    expect(
      blocks.find((b: { type: number }) => b.type === 8).content.images.map((i: { assetUrl: string }) => i.assetUrl),
    ).toEqual(['/files/wordpress/2024/09/beans.jpg', '/files/wordpress/2024/09/peas.jpg']);
    expect(JSON.parse(beds.images)[0].assetUrl).toBe('/files/wordpress/2024/09/peas.jpg');
    for (const old of [`${origin}${SEPTEMBER}beans.jpg`, `${origin}${SEPTEMBER}peas.jpg`])
      expect(`${beds.sections}${beds.images}${beds.body}`).not.toContain(old);
    const harvest = await suite.server.db
      .selectFrom('items')
      .select(['sections', 'images'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('url_id', '=', 'tomato-harvest')
      .executeTakeFirstOrThrow();
    expect(`${harvest.sections}${harvest.images}`).not.toContain(`${origin}${TOMATOES}`);
    expect(harvest.sections).toContain('"assetUrl":"/files/wordpress/2024/08/tomatoes.jpg"');
    // The sound file too: the audio block plays the copy, and the post's HTML links to it.
    const bees = '/files/wordpress/2024/09/bees.mp3';
    expect(blocks.find((b: { type: number }) => b.type === 41).content.url).toBe(bees);
    expect(beds.body).toContain(`href="${bees}"`);
    expect(`${beds.sections}${beds.body}`).not.toContain(`${origin}${BEES}`);
    expect((await suite.server.app.fileStorage.read('wordpress/2024/09/bees.mp3'))?.equals(SOUND)).toBe(true);
    const served = await fetch(`${suite.server.url}/files/wordpress/2024/08/tomatoes.jpg`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
  });

  it('reads the pictures from a copy of the uploads folder, never from outside it', async () => {
    const uploads = join(dir, 'uploads');
    mkdirSync(join(uploads, '2024/08'), { recursive: true });
    writeFileSync(join(uploads, '2024/08/tomatoes.jpg'), picture);
    writeFileSync(join(dir, 'secret.jpg'), picture);
    const file = join(dir, 'export.xml');
    // A hostile export names a file beside the folder (`..%2F` survives URL parsing).
    writeFileSync(file, xml().replace(`${origin}${JARS}`, `${origin}/wp-content/uploads/..%2F..%2Fsecret.jpg`));
    const before = requests.length;
    const out = await importCommand(suite.server.db, ['wxr', file, '--media', uploads], {
      storage: suite.server.app.fileStorage,
    });
    expect(out).toContain("1 file copied into the site's files; posts and pages now show the copies.");
    expect(out).toContain(
      `file not copied: ${origin}/wp-content/uploads/..%2F..%2Fsecret.jpg: not in the media folder`,
    );
    expect(requests.length).toBe(before);
    expect(await harvestBody()).toContain('src="/files/wordpress/2024/08/tomatoes.jpg"');
    await expect(
      importCommand(suite.server.db, ['wordpress', file, '--media', uploads, '--fetch-media'], {
        storage: suite.server.app.fileStorage,
      }),
    ).rejects.toThrow('Use --fetch-media or --media, not both.');
  });
});
