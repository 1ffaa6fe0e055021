import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../../repo-paths.js';
import { compileErrors, DefaultThemeFiles, fileProblems, MAX_FILE_CHARS, onlyChanged } from './theme-files.js';

const defaults = new DefaultThemeFiles(DEFAULT_THEME_DIR);

describe('DefaultThemeFiles', () => {
  it('lists templates, partials in sub-folders and stylesheets, nothing else', () => {
    expect(defaults.kindOf('templates/layout.jsont')).toBe('template');
    expect(defaults.kindOf('partials/site-footer.block')).toBe('partial');
    expect(defaults.entries.some((entry) => entry.path.startsWith('partials/blocks/'))).toBe(true);
    expect(defaults.kindOf('assets/theme.css')).toBe('css');
    expect(defaults.has('assets/theme.css.gz')).toBe(false);
    expect(defaults.has('assets/favicon.svg')).toBe(false);
    expect(defaults.has('README.md')).toBe(false);
  });

  it('refuses names outside the theme and oversized files', () => {
    expect(fileProblems(defaults, { '../../etc/passwd': 'x' })[0]).toMatch(/only files of the default theme/);
    expect(fileProblems(defaults, { 'templates/../templates/layout.jsont': 'x' })).toHaveLength(1);
    expect(fileProblems(defaults, { 'templates/layout.jsont': 'x'.repeat(MAX_FILE_CHARS + 1) })[0]).toMatch(/at most/);
    expect(fileProblems(defaults, { 'templates/layout.jsont': 'fine' })).toEqual([]);
  });

  it('compiles templates and partials with the engine, with line and column', () => {
    const errors = compileErrors(defaults, {
      'assets/theme.css': '{.section never',
      'partials/site-footer.block': 'ok\n  {x|nosuchformatter}',
    });
    expect(errors).toEqual([
      { file: 'partials/site-footer.block', line: 2, column: 3, message: expect.stringMatching(/nosuchformatter/) },
    ]);
  });

  it('keeps only files that differ from the default', () => {
    const layout = defaults.source('templates/layout.jsont');
    expect(onlyChanged(defaults, { 'templates/layout.jsont': layout, 'assets/theme.css': 'a{}' })).toEqual({
      'assets/theme.css': 'a{}',
    });
  });
});
