import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { iconSourcePath, SiteIcons, siteIconUrl, webManifest } from './site-icon.js';

describe('site icon', () => {
  it('takes only uploaded files, and never a path out of the files folder', () => {
    expect(siteIconUrl({ siteIcon: { url: '/files/icon.png' } })).toBe('/files/icon.png');
    expect(siteIconUrl({ siteIcon: { url: '/files/../secret.png' } })).toBeUndefined();
    expect(siteIconUrl({ siteIcon: { url: 'https://evil.example/icon.png' } })).toBeUndefined();
    expect(siteIconUrl({ siteIcon: null })).toBeUndefined();
    expect(iconSourcePath('/data/files', '/files/a/icon.png')).toBe('/data/files/a/icon.png');
    expect(iconSourcePath('/data/files', '/files/../../etc/passwd')).toBeUndefined();
  });

  it('makes square PNGs of the asked size, once per file version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-icon-'));
    const source = join(dir, 'logo.png');
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toFile(source);
    const icons = new SiteIcons();
    const png = await icons.png(source, 180);
    expect(png).toBeDefined();
    const meta = await sharp(png as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 180, 180]);
    expect(await icons.png(source, 180)).toBe(png);
    expect(await icons.png(join(dir, 'missing.png'), 32)).toBeUndefined();
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
