import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../repo-paths.js';
import { Theme } from './theme.js';

// A site's own copy of theme files (theme editor, `domains/site-themes/`).
describe('Theme with a site’s overrides', () => {
  it('renders the overridden template and partial and links the site’s stylesheet', () => {
    const theme = new Theme(DEFAULT_THEME_DIR, {
      overrides: {
        files: { 'templates/not-found.jsont': '<h1>Lost: {page.title}</h1>', 'assets/theme.css': 'b{}' },
        assetPrefix: '/theme-site/v1/',
      },
    });
    const page = theme.renderPage('not-found', { page: { title: 'Nope' } }, { locale: 'en-US', timeZone: 'UTC' });
    expect(page.html).toContain('<h1>Lost: Nope</h1>');
    expect(theme.stylesheetUrl).toMatch(/^\/theme-site\/v1\/theme\.css\?v=[0-9a-f]{10}$/);
    expect(theme.blocksStylesheetUrl).toMatch(/^\/theme\/blocks\.css/);
    const plain = new Theme(DEFAULT_THEME_DIR);
    expect(
      plain.renderPage('not-found', { page: { title: 'Nope' } }, { locale: 'en-US', timeZone: 'UTC' }).html,
    ).not.toContain('Lost:');
  });
});
