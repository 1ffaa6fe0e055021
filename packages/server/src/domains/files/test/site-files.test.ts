import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebsiteRole } from '@tessera/core';
import { S3Storage } from '../../../platform/storage/index.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { createOwner } from '../../../../test/auth-helpers.js';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.js';
import { addSecondSite } from '../../../../test/visitor.js';

// One install, many sites: each site's owners see and change only their own files, and `/files/*`
// serves a site's own files only (the first site keeps the top of the files folder, the others
// `sites/<id>/`).

const PASSWORD = 'site-files-password';

/** An owner signed in on one host: requests go through `inject` with that Host, the session cookie and the crumb. */
class HostOwner {
  cookie = 'crumb=site-files-crumb';
  constructor(
    readonly server: TestServer,
    readonly host: string,
  ) {}

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
    const headers: Record<string, string> = {
      host: this.host,
      cookie: this.cookie,
      'x-csrf-token': 'site-files-crumb',
    };
    let payload: Buffer | string | undefined;
    if (body instanceof FormData) {
      const encoded = new Request('http://x/', { method: 'POST', body });
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
      payload = Buffer.from(await encoded.arrayBuffer());
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const answer = await this.server.app.inject({ method, url, headers, payload });
    const cookies = answer.cookies.map((c) => `${c.name}=${c.value}`);
    if (cookies.length > 0) this.cookie = [this.cookie, ...cookies].join('; ');
    return { status: answer.statusCode, body: answer.body ? (JSON.parse(answer.body) as any) : undefined };
  }

  async signIn(email: string) {
    const answer = await this.request('POST', '/api/config/session', { email, password: PASSWORD });
    if (answer.status !== 200)
      throw new Error(`sign-in on ${this.host}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return this;
  }

  upload(name: string, bytes: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return this.request('POST', '/api/config/files', form);
  }
}

async function served(server: TestServer, host: string, url: string) {
  const answer = await server.app.inject({ method: 'GET', url, headers: { host } });
  return { status: answer.statusCode, body: answer.rawPayload };
}

const CASES = DIALECTS.flatMap((dialect) => (['disk', 's3'] as const).map((kind) => [dialect, kind] as const));

for (const [dialect, kind] of CASES) {
  describe(`each site's own files (${dialect}, ${kind})`, () => {
    let s3: TestS3 | undefined;
    let bucket: S3Storage | undefined;
    /** A stored file as the disk folder or the bucket holds it, by its full key. */
    const raw = async (key: string) =>
      bucket ? ((await bucket.read(key)) ?? Buffer.alloc(0)) : readFileSync(join(filesDir, ...key.split('/')));
    let server: TestServer;
    let filesDir: string;
    let a: HostOwner;
    let b: HostOwner;
    let aPicture: Buffer;
    let bPicture: Buffer;

    beforeAll(async () => {
      filesDir = mkdtempSync(join(tmpdir(), 'tessera-site-files-'));
      if (kind === 's3') {
        s3 = await startTestS3();
        bucket = new S3Storage(s3.settings);
      }
      server = await startTestServer({
        dialect,
        config: { filesDir, s3: s3?.settings, rateLimit: { max: 100_000, timeWindowMs: 60_000 } },
      });
      await addSecondSite(server);
      await createOwner(server.db, { email: 'a@files.test', password: PASSWORD, roles: [WebsiteRole.ADMIN] });
      await createOwner(server.db, {
        email: 'b@files.test',
        password: PASSWORD,
        roles: [WebsiteRole.ADMIN],
        siteId: 'other-site',
      });
      a = await new HostOwner(server, '127.0.0.1').signIn('a@files.test');
      b = await new HostOwner(server, 'other.test').signIn('b@files.test');
      const draw = (colour: string) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
          .png()
          .toBuffer();
      [aPicture, bPicture] = await Promise.all([draw('#ff0000'), draw('#0000ff')]);
    });
    afterAll(async () => {
      await server?.close();
      bucket?.client.destroy();
      await s3?.close();
      rmSync(filesDir, { recursive: true, force: true });
    });

    it('keeps A’s files out of B’s list, /files/*, rename and delete, and the same name is two files', async () => {
      expect((await a.upload('secret.png', aPicture)).status).toBe(200);
      expect((await a.upload('shared.png', aPicture)).status).toBe(200);
      // The first site keeps the top of the files folder: nothing moves on an upgrade.
      expect((await raw('secret.png')).equals(aPicture)).toBe(true);

      const listedBefore = await b.request('GET', '/api/config/files');
      expect(listedBefore.status).toBe(200);
      const bNames = () => b.request('GET', '/api/config/files').then((r) => r.body.files.map((f: any) => f.name));
      expect(await bNames()).not.toContain('secret.png');
      expect(await bNames()).not.toContain('shared.png');

      // The same name uploaded on B is B's own file: A's stays as it was.
      const bUpload = await b.upload('shared.png', bPicture);
      expect(bUpload.status).toBe(200);
      expect(bUpload.body.files[0]).toMatchObject({ name: 'shared.png', url: '/files/shared.png' });
      expect((await raw('shared.png')).equals(aPicture)).toBe(true);
      expect((await raw('sites/other-site/shared.png')).equals(bPicture)).toBe(true);
      expect((await served(server, '127.0.0.1', '/files/shared.png')).body.equals(aPicture)).toBe(true);
      expect((await served(server, 'other.test', '/files/shared.png')).body.equals(bPicture)).toBe(true);
      expect(await bNames()).toEqual(['shared.png']);
      expect((await a.request('GET', '/api/config/files')).body.files.map((f: any) => f.name)).toEqual(
        expect.arrayContaining(['secret.png', 'shared.png']),
      );
      expect((await a.request('GET', '/api/config/files')).body.files.map((f: any) => f.name)).not.toContain('sites');

      // A's file is not served on B's host, in any size, nor B's on A's host by its folder.
      expect((await served(server, 'other.test', '/files/secret.png')).status).toBe(404);
      expect((await served(server, 'other.test', '/files/secret.png?format=100w')).status).toBe(404);
      expect((await served(server, '127.0.0.1', '/files/sites/other-site/shared.png')).status).toBe(404);
      expect((await served(server, '127.0.0.1', '/files/sites%2Fother-site%2Fshared.png')).status).toBe(404);
      // A resized copy on B is made from B's picture (its own cache), not A's.
      const small = await served(server, 'other.test', '/files/shared.png?format=100w');
      expect(small.status).toBe(200);
      const { dominant } = await sharp(small.body).stats();
      expect(dominant.b).toBeGreaterThan(200);
      expect(dominant.r).toBeLessThan(50);

      // B cannot rename, overwrite or delete A's file by its name.
      expect((await b.request('PATCH', '/api/config/files/secret.png', { name: 'mine.png' })).status).toBe(404);
      expect((await b.request('DELETE', '/api/config/files/secret.png')).status).toBe(404);
      expect((await b.request('PATCH', '/api/config/files/shared.png', { name: 'secret.png' })).status).toBe(200);
      expect(await bNames()).toEqual(['secret.png']);
      expect((await raw('secret.png')).equals(aPicture)).toBe(true);
      expect((await b.request('DELETE', '/api/config/files/secret.png')).status).toBe(200);
      expect(await bNames()).toEqual([]);
      expect((await raw('secret.png')).equals(aPicture)).toBe(true);
      expect((await raw('shared.png')).equals(aPicture)).toBe(true);
      expect((await served(server, '127.0.0.1', '/files/secret.png')).status).toBe(200);

      // The first site's owner cannot reach into the other sites' folder either.
      expect((await a.request('DELETE', '/api/config/files/sites')).status).toBe(400);
    });

    it('reads image sizes for rendering from the site’s own files only', async () => {
      expect((await a.upload('only-a.png', aPicture)).status).toBe(200);
      const logo = { url: '/files/only-a.png', altText: 'Logo' };
      const mine = await a.request('PUT', '/api/config/settings', { logo });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.logo).toEqual({ ...logo, width: 40, height: 30 });
      // B names A's picture: its size is not read (B has no such file), nothing of A's is revealed.
      const theirs = await b.request('PUT', '/api/config/settings', { logo });
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
      expect(theirs.body.logo).toEqual(logo);
      // The views themselves: B's has no such file; A's refuses names in the other sites' folder.
      expect(await (await server.app.siteFiles('other-site')).head('only-a.png')).toBeUndefined();
      const first = await server.app.siteFiles(await firstSite(server));
      expect((await first.head('only-a.png'))?.size).toBe(aPicture.length);
      await expect(first.read('sites/other-site/x.png')).rejects.toThrow(/Not a storage key/);
    });
  });
}

async function firstSite(server: TestServer) {
  const row = await server.db
    .selectFrom('sites')
    .select('id')
    .where('id', '!=', 'other-site')
    .executeTakeFirstOrThrow();
  return row.id;
}
