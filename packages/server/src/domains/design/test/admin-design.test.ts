import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const API = '/api/config/design';

for (const dialect of DIALECTS) {
  describe(`design API and published design (${dialect})`, () => {
    const suite = suiteServer(dialect, { editor: OWNERS.editor, storeManager: OWNERS.storeManager });

    it('answers the default design with the SPEC animation defaults and no site stylesheet yet', async () => {
      const answer = await suite.editor.get(API);
      expect(answer.status).toBe(200);
      expect(answer.body.design.version).toBe(0);
      expect(answer.body.design.animations).toMatchObject({ scrollOffset: 30, tweenMs: 300 });
      expect(answer.body.dirtyPaths).toEqual([
        'colors.activeThemeId',
        'fonts.activeThemeId',
        'colors.palette',
        'colors.themes',
        'fonts.themes',
        'fonts.fontUsageCategories',
      ]);
      const home = await new Visitor(suite.server.url).get('/');
      expect(home.body).not.toContain('/site.css');
      expect((await suite.storeManager.get(API)).status).toBe(403);
    });

    it('lists and searches the installed fonts with their SPEC categories, and serves their files itself', async () => {
      const all = await suite.editor.get(`${API}/fonts`);
      expect(all.status).toBe(200);
      const inter = all.body.fonts.find((f: { id: string }) => f.id === 'inter');
      expect(inter).toMatchObject({ family: 'Inter', category: 'Sans Serif' });
      expect(all.body.categories).toContain('Slab Serif');
      const serif = await suite.editor.get(`${API}/fonts?q=lora`);
      expect(serif.body.fonts.map((f: { id: string }) => f.id)).toEqual(['lora']);
      expect(serif.body.fonts[0].category).toBe('Serif');
      expect((await suite.editor.get(`${API}/fonts?q=no-such-font`)).body.fonts).toEqual([]);
      expect(
        (await suite.editor.get(`${API}/fonts?category=Mono`)).body.fonts.every(
          (f: { category: string }) => f.category === 'Mono',
        ),
      ).toBe(true);

      const file = await fetch(`${suite.server.url}${serif.body.fonts[0].previewUrl}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('font/woff2');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect((await fetch(`${suite.server.url}/fonts/lora/..%2f..%2fpackage.json`)).status).toBe(404);
      expect((await fetch(`${suite.server.url}/fonts/left-pad/left-pad-latin-400-normal.woff2`)).status).toBe(404);
    });

    it('saves only the SPEC dirty paths and refuses any other path with a clear 400', async () => {
      const bad = await suite.editor.put(API, { 'colors.palette': { accent: '#112233' }, 'buttons.shape': 'square' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('invalid-design-path');
      expect(bad.body.message).toContain('buttons.shape');
      expect(bad.body.message).toContain('colors.activeThemeId');
      expect((await suite.editor.put(API, {})).status).toBe(400);
      expect((await suite.editor.put(API, { 'colors.palette': { accent: 'red' } })).body.message).toMatch(
        /^colors\.palette: /,
      );
      const missingTheme = await suite.editor.put(API, { 'colors.activeThemeId': 'nope' });
      expect(missingTheme.status).toBe(400);
      expect(missingTheme.body.message).toContain('There is no colour theme "nope"');
      const notInstalled = await suite.editor.put(API, {
        'fonts.fontUsageCategories': [{ id: 'heading', family: 'comic-sans' }],
      });
      expect(notInstalled.status).toBe(400);
      expect(notInstalled.body.error).toBe('font-not-installed');
      expect((await suite.editor.get(API)).body.design.version).toBe(0);
    });

    it('publishes a palette and heading font change on every page through /site.css, no inline style', async () => {
      const saved = await suite.editor.put(API, {
        version: 0,
        'colors.palette': { accent: '#7a1f4b', background: '#fffaf2' },
        'fonts.fontUsageCategories': [{ id: 'heading', family: 'lora', weight: 700 }],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.design.version).toBe(1);
      expect(saved.body.design.colors.palette).toEqual({ accent: '#7a1f4b', background: '#fffaf2' });
      // Untouched paths keep their values.
      expect(saved.body.design.colors.themes.map((t: { id: string }) => t.id)).toEqual(['light', 'dusk']);

      const stale = await suite.editor.put(API, { version: 0, 'colors.activeThemeId': 'dusk' });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('design-conflict');

      const visitor = new Visitor(suite.server.url);
      for (const path of ['/', '/shop', '/shop/p/linen-shirt', '/cart']) {
        const page = await visitor.get(path);
        expect(page.body, path).toContain('<link rel="stylesheet" href="/site.css?v=1">');
      }
      const css = await visitor.get('/site.css?v=1');
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toContain('text/css');
      expect(css.headers.get('cache-control')).toContain('immutable');
      expect(css.body).toContain('--color-accent: #7a1f4b;');
      expect(css.body).toContain('--color-background: #fffaf2;');
      expect(css.body).toContain('--font-heading: "Lora", ui-serif, Georgia, serif;');
      expect(css.body).toContain('--font-weight-heading: 700;');
      expect(css.body).toContain('src: url("/fonts/lora/lora-latin-700-normal.woff2") format("woff2")');
      expect(css.body).not.toMatch(/https?:\/\//);
      expect((await fetch(`${suite.server.url}/fonts/lora/lora-latin-700-normal.woff2`)).status).toBe(200);
      expect((await visitor.get('/site.css?v=0')).headers.get('cache-control')).toBe('no-cache');
    });

    it('applies the active colour theme over the palette and the active font pack', async () => {
      const saved = await suite.editor.put(API, {
        'colors.activeThemeId': 'dusk',
        'fonts.activeThemeId': 'classic',
        'fonts.fontUsageCategories': [],
      });
      expect(saved.status).toBe(200);
      const css = (await new Visitor(suite.server.url).get(`/site.css?v=${saved.body.design.version}`)).body as string;
      expect(css).toContain('--color-background: #1d1f24;');
      expect(css).toContain('--color-accent: #e7c873;');
      expect(css).toContain('--font-heading: "Lora"');
      expect(css).toContain('--font-body: "Inter"');
    });

    it('previews unsaved changes as variables and font faces without storing them', async () => {
      const before = (await suite.editor.get(API)).body.design.version;
      const preview = await suite.editor.post(`${API}/preview`, {
        'colors.palette': { accent: '#0b5d5b' },
        'colors.activeThemeId': null,
        'fonts.fontUsageCategories': [{ id: 'buttons', family: 'jetbrains-mono', weight: 500 }],
      });
      expect(preview.status).toBe(200);
      expect(preview.body.variables['--color-accent']).toBe('#0b5d5b');
      expect(preview.body.variables['--font-button']).toContain('"JetBrains Mono"');
      expect(preview.body.fontFaces).toContainEqual({
        family: 'JetBrains Mono',
        weight: 500,
        url: '/fonts/jetbrains-mono/jetbrains-mono-latin-500-normal.woff2',
      });
      expect((await suite.editor.post(`${API}/preview`, { 'colors.activeThemeId': 'nope' })).status).toBe(400);
      expect((await suite.editor.get(API)).body.design.version).toBe(before);
      const saved = await suite.editor.put(API, {
        'fonts.fontUsageCategories': [{ id: 'buttons', family: 'jetbrains-mono' }],
      });
      const css = (await new Visitor(suite.server.url).get(`/site.css?v=${saved.body.design.version}`)).body as string;
      expect(css).toContain('.button, .sqs-add-to-cart-button { font-family: var(--font-button); }');
    });

    it('saves button shape, size and style and the animations through /style, within bounds', async () => {
      const saved = await suite.editor.put(`${API}/style`, {
        buttons: { shape: 'square', size: 'large', style: 'outline' },
        animations: { style: 'fade', scrollOffset: 40 },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.design.buttons).toEqual({ shape: 'square', size: 'large', style: 'outline' });
      expect(saved.body.design.animations).toEqual({ style: 'fade', scrollOffset: 40, tweenMs: 300 });
      const css = (await new Visitor(suite.server.url).get('/site.css')).body as string;
      expect(css).toContain('--button-radius: 0;');
      expect(css).toContain('--button-primary-background: transparent;');
      expect(css).toContain('--animation-duration: 300ms;');
      expect((await suite.editor.put(`${API}/style`, { buttons: { shape: 'blob' } })).status).toBe(400);
      expect((await suite.editor.put(`${API}/style`, { animations: { tweenMs: -1 } })).status).toBe(400);
    });
  });
}
