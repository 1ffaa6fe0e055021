import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DiskStorage } from '../../platform/storage/index.js';
import { iconStorageKey, SiteIcons, siteIconUrl, webManifest } from './site-icon.js';

describe('site icon', () => {
  it('takes only uploaded files, and never a path out of the files folder', () => {
    expect(siteIconUrl({ siteIcon: { url: '/files/icon.png' } })).toBe('/files/icon.png');
    expect(siteIconUrl({ siteIcon: { url: '/files/../secret.png' } })).toBeUndefined();
    expect(siteIconUrl({ siteIcon: { url: 'https://evil.example/icon.png' } })).toBeUndefined();
    expect(siteIconUrl({ siteIcon: null })).toBeUndefined();
    expect(iconStorageKey('/files/a/icon.png')).toBe('a/icon.png');
    expect(iconStorageKey('/files/../../etc/passwd')).toBeUndefined();
    expect(iconStorageKey('/files/a//icon.png')).toBeUndefined();
    expect(iconStorageKey('/files/.cache/icon.png/500w.webp')).toBeUndefined();
    expect(iconStorageKey('/etc/passwd')).toBeUndefined();
  });

  it('makes square PNGs of the asked size, once per file version', async () => {
    const storage = new DiskStorage(mkdtempSync(`${tmpdir()}/tessera-icon-`));
    const drawn = (background: string) =>
      sharp({ create: { width: 600, height: 400, channels: 3, background } })
        .png()
        .toBuffer();
    await storage.put('brand/logo.png', await drawn('#336699'));
    const icons = new SiteIcons(storage);
    const png = await icons.png('brand/logo.png', 180);
    expect(png).toBeDefined();
    const meta = await sharp(png as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 180, 180]);
    expect(await icons.png('brand/logo.png', 180)).toBe(png);
    expect(await icons.png('missing.png', 32)).toBeUndefined();
    // A new file under the same name is a new version: made again, in its own colour.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await storage.put('brand/logo.png', await drawn('#cc3300'));
    const remade = await icons.png('brand/logo.png', 180);
    expect(remade).not.toBe(png);
    const { dominant } = await sharp(remade as Buffer).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);
  });

  it('names the icons in the manifest, or the theme mark without one', () => {
    const withIcon = webManifest({
      name: 'Juniper & Oak',
      description: '',
      language: 'en-US',
      iconUrl: '/files/i.png',
    });
    expect(withIcon.icons).toEqual([
      expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
      expect.objectContaining({ sizes: '512x512', type: 'image/png' }),
    ]);
    expect(withIcon.short_name).toBe('Juniper');
    expect(webManifest({ name: 'A', description: '', language: 'en' }).icons).toEqual([
      { src: '/theme/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ]);
  });
});
