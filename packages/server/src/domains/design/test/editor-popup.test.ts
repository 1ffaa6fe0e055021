import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const popup = (fields: Record<string, unknown> = {}) => ({
  enabled: true,
  position: 'top-left',
  title: 'Studio sale this weekend',
  body: 'Seconds and samples at half price.',
  buttonLabel: 'See the sale',
  buttonUrl: '/shop',
  image: { url: '/files/content/studio-window.jpg', altText: 'The studio window' },
  ...fields,
});

/** The popup markup of the home page, or '' when it has none. */
async function popupMarkup(server: TestServer): Promise<string> {
  const page = await new Visitor(server.url).get('/');
  return /<div class="popup-overlay[\s\S]*?<\/div>\s*<\/div>/.exec(page.body)?.[0] ?? '';
}

for (const dialect of DIALECTS) {
  describe(`editor popup API (${dialect})`, () => {
    const suite = suiteServer(dialect, { editor: OWNERS.editor, reporting: OWNERS.reporting });

    it('is open to content owners only', async () => {
      expect((await new Visitor(suite.server.url).get('/api/config/popup')).status).toBe(401);
      expect((await suite.reporting.get('/api/config/popup')).status).toBe(403);
      expect((await suite.reporting.put('/api/config/popup', popup())).status).toBe(403);
    });

    it('reads the seeded popup and moves it on the 3×3 grid for visitors', async () => {
      const seeded = await suite.editor.get('/api/config/popup');
      expect(seeded.status).toBe(200);
      expect(seeded.body.popup).toMatchObject({ enabled: true, position: 'bottom-right', version: 1, image: null });
      expect(await popupMarkup(suite.server)).toContain('data-position="bottom-right"');

      const saved = await suite.editor.put('/api/config/popup', popup());
      expect(saved.status).toBe(200);
      expect(saved.body.popup).toMatchObject({ position: 'top-left', title: 'Studio sale this weekend', version: 1 });
      const markup = await popupMarkup(suite.server);
      expect(markup).toContain('popup-overlay--top-left');
      expect(markup).toContain('data-position="top-left"');
      expect(markup).toContain('Studio sale this weekend');
      expect(markup).toContain('src="/files/content/studio-window.jpg" alt="The studio window"');
      expect(markup).toContain('href="/shop"');

      const center = await suite.editor.put('/api/config/popup', popup({ position: 'center', image: null }));
      expect(center.body.popup.image).toBeNull();
      expect(await popupMarkup(suite.server)).toContain('popup-overlay--center"');
    });

    it('shows the popup again to visitors who closed it only when asked', async () => {
      const before = (await suite.editor.get('/api/config/popup')).body.popup.version;
      const again = await suite.editor.put('/api/config/popup', popup({ showAgain: true }));
      expect(again.body.popup.version).toBe(before + 1);
      expect(await popupMarkup(suite.server)).toContain(`data-version="${before + 1}"`);
      const same = await suite.editor.put('/api/config/popup', popup({ title: 'New words' }));
      expect(same.body.popup.version).toBe(before + 1);
    });

    it('turns the popup off and on', async () => {
      await suite.editor.put('/api/config/popup', popup({ enabled: false }));
      expect(await popupMarkup(suite.server)).toBe('');
      await suite.editor.put('/api/config/popup', popup({ enabled: true }));
      expect(await popupMarkup(suite.server)).toContain('Studio sale this weekend');
    });

    it('refuses a bad popup with a message that says what to fix', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ position: 'middle' }, 'position: Choose one of the nine positions'],
        [{ title: ' ' }, 'title: Please enter a heading for the popup.'],
        [
          { buttonUrl: 'https://elsewhere.test' },
          'buttonUrl: Link the button to a page of this site, such as /contact.',
        ],
        [{ buttonLabel: '' }, 'buttonLabel: Enter the text of the button, or remove its link.'],
        [{ image: { url: '/etc/passwd' } }, 'image.url: Choose an image from the file manager (/files/…).'],
        [{ title: 'x'.repeat(121) }, 'title:'],
      ];
      for (const [fields, message] of cases) {
        const answer = await suite.editor.put('/api/config/popup', popup(fields));
        expect(answer.status, message).toBe(400);
        expect(answer.body.message).toContain(message);
      }
      expect((await suite.editor.put('/api/config/popup', { enabled: true })).status).toBe(400);
      expect((await suite.editor.put('/api/config/popup', popup({ newsletter: true }))).status).toBe(400);
      // Nothing of the refused saves reached visitors.
      expect(await popupMarkup(suite.server)).toContain('Studio sale this weekend');
    });
  });
}
