import { designAnswer, designEventAnswer, fontsAnswer, previewAnswer } from '@tessera/core/contracts/design';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The design API's answers are what its contract (`@tessera/core/contracts/design`) says, the
// contract the editor's design panel takes its types from, and what /api/openapi.json publishes.

const API = '/api/config/design';

for (const dialect of DIALECTS) {
  describe(`design API answers match their published schemas (${dialect})`, () => {
    const suite = suiteServer(dialect, { editor: OWNERS.editor });

    it('answers the design, a saved change, a style change, a preview, the fonts and an event as published', async () => {
      const first = expectAnswer(designAnswer, await suite.editor.get(API));
      expect(first.design.version).toBe(0);

      const saved = expectAnswer(
        designAnswer,
        await suite.editor.put(API, {
          version: 0,
          'colors.palette': { accent: '#112233' },
          'fonts.activeThemeId': 'classic',
          'fonts.fontUsageCategories': [{ id: 'heading', family: 'lora', weight: 700, scale: 1.2 }],
        }),
      );
      expect(saved.design.fonts.fontUsageCategories).toEqual([
        { id: 'heading', family: 'lora', weight: 700, scale: 1.2 },
      ]);
      expect(saved.stylesheetUrl).toBe('/site.css?v=1');

      const styled = expectAnswer(
        designAnswer,
        await suite.editor.put(`${API}/style`, { buttons: { shape: 'square' }, animations: { style: 'fade' } }),
      );
      expect(styled.design.buttons.shape).toBe('square');

      const preview = expectAnswer(
        previewAnswer,
        await suite.editor.post(`${API}/preview`, {
          'colors.activeThemeId': 'dusk',
          style: { buttons: { style: 'outline' } },
        }),
      );
      expect(preview.fontFaces.length).toBeGreaterThan(0);
      expect(preview.usageRules.length).toBeGreaterThan(0);

      const fonts = expectAnswer(fontsAnswer, await suite.editor.get(`${API}/fonts`));
      expect(fonts.inUse.heading).toBe('lora');

      const event = { event: 'font-pack-change', transition: 'clean-to-dirty', fontPackId: 'modern' };
      expect(expectAnswer(designEventAnswer, await suite.editor.post(`${API}/events`, event), 202)).toEqual({
        stored: true,
      });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.editor);
      for (const method of ['GET', 'PUT']) expectPublishedAnswer(doc, method, API, designAnswer);
      expectPublishedAnswer(doc, 'PUT', `${API}/style`, designAnswer);
      expectPublishedAnswer(doc, 'POST', `${API}/preview`, previewAnswer);
      expectPublishedAnswer(doc, 'GET', `${API}/fonts`, fontsAnswer);
      expectPublishedAnswer(doc, 'POST', `${API}/events`, designEventAnswer, 202);
    });
  });
}
