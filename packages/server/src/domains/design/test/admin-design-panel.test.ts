import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { patchSiteSettings } from '../../../../test/site-settings.js';
import { suiteServer } from '../../../../test/suite-server.js';

// What the design panel needs beyond the design API itself: a live preview of unsaved buttons and
// animations, and its font-pack change event (SPEC §4), stored although the visitor tracking
// endpoints skip owners.
const API = '/api/config/design';

for (const dialect of DIALECTS) {
  describe(`design panel support (${dialect})`, () => {
    const suite = suiteServer(dialect, { editor: OWNERS.editor, storeManager: OWNERS.storeManager });

    it('previews unsaved buttons and animations with or without design paths, storing nothing', async () => {
      const styleOnly = await suite.editor.post(`${API}/preview`, {
        style: { buttons: { shape: 'square', style: 'outline' }, animations: { tweenMs: 450 } },
      });
      expect(styleOnly.status).toBe(200);
      expect(styleOnly.body.variables['--button-radius']).toBe('0');
      expect(styleOnly.body.variables['--button-primary-background']).toBe('transparent');
      expect(styleOnly.body.variables['--animation-duration']).toBe('450ms');
      expect(styleOnly.body.variables['--animation-scroll-offset']).toBe('30');

      const both = await suite.editor.post(`${API}/preview`, {
        'colors.palette': { accent: '#204060' },
        style: { buttons: { size: 'large' } },
      });
      expect(both.body.variables['--color-accent']).toBe('#204060');
      expect(both.body.variables['--button-padding-y']).toBe('1.125rem');
      expect(both.body.usageRules).toEqual([]);

      // A family for buttons or navigation comes with the rule that uses it (theme.css has none).
      const nav = await suite.editor.post(`${API}/preview`, {
        'fonts.fontUsageCategories': [{ id: 'navigation', family: 'lora' }],
      });
      expect(nav.body.usageRules).toEqual([
        { selector: '.site-nav, .site-header nav', fontFamily: 'var(--font-navigation)' },
      ]);

      const badStyle = await suite.editor.post(`${API}/preview`, { style: { buttons: { shape: 'blob' } } });
      expect(badStyle.status).toBe(400);
      expect(badStyle.body.message).toMatch(/^buttons\.shape: /);
      const empty = await suite.editor.post(`${API}/preview`, {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toContain('Send at least one of colors.activeThemeId');
      expect((await suite.editor.post(`${API}/preview`, [1])).body.message).toBe(
        'Send the changed design paths as a JSON object.',
      );

      const stored = (await suite.editor.get(API)).body.design;
      expect(stored.version).toBe(0);
      expect(stored.buttons).toEqual({ shape: 'pill', size: 'medium', style: 'solid' });
    });

    it('stores a font-pack change as clean-to-dirty or dirty-to-dirty for content owners only', async () => {
      const events = () =>
        suite.server.db
          .selectFrom('tracking_events')
          .select(['name', 'data', 'source'])
          .where('name', '=', 'FontPackChange')
          .orderBy('created_at')
          .execute();
      const first = await suite.editor.post(`${API}/events`, {
        event: 'font-pack-change',
        transition: 'clean-to-dirty',
        fontPackId: 'classic',
      });
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ stored: true });
      await suite.editor.post(`${API}/events`, {
        event: 'font-pack-change',
        transition: 'dirty-to-dirty',
        fontPackId: null,
      });
      const rows = await events();
      expect(rows.map((r) => [r.source, JSON.parse(r.data)])).toEqual([
        ['server', { transition: 'clean-to-dirty', fontPackId: 'classic' }],
        ['server', { transition: 'dirty-to-dirty', fontPackId: null }],
      ]);

      const bad = await suite.editor.post(`${API}/events`, {
        event: 'font-pack-change',
        transition: 'dirty-to-clean',
        fontPackId: 'classic',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('transition: Send "clean-to-dirty" or "dirty-to-dirty" as the transition.');
      expect((await suite.editor.post(`${API}/events`, { event: 'save', transition: 'clean-to-dirty' })).status).toBe(
        400,
      );
      const forbidden = await suite.storeManager.post(`${API}/events`, {
        event: 'font-pack-change',
        transition: 'clean-to-dirty',
        fontPackId: 'modern',
      });
      expect(forbidden.status).toBe(403);
      expect(await events()).toHaveLength(2);
    });

    it('stores no editor event once the site switched tracking off', async () => {
      await patchSiteSettings(suite.server.db, 'website', { trackingEnabled: false });
      const answer = await suite.editor.post(`${API}/events`, {
        event: 'font-pack-change',
        transition: 'clean-to-dirty',
        fontPackId: 'modern',
      });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ stored: false });
      const count = await suite.server.db
        .selectFrom('tracking_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('name', '=', 'FontPackChange')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    });
  });
}
