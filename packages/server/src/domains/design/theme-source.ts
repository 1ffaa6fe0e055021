import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from '../../platform/files-under.js';

/** A theme's template and partial sources, as the editor's in-browser renderer loads them. */
export interface ThemeSource {
  templates: Record<string, string>;
  partials: Record<string, string>;
}

/** Reads `templates/*.jsont` (named without the suffix) and `partials/**\/*.block` (named by relative path). */
export function readThemeSource(themeDir: string): ThemeSource {
  const templates: Record<string, string> = {};
  for (const file of filesUnder(join(themeDir, 'templates'), '.jsont')) {
    if (file.includes('/')) continue;
    templates[file.slice(0, -'.jsont'.length)] = readFileSync(join(themeDir, 'templates', file), 'utf8');
  }
  const partials: Record<string, string> = {};
  for (const file of filesUnder(join(themeDir, 'partials'), '.block'))
    partials[file] = readFileSync(join(themeDir, 'partials', file), 'utf8');
  return { templates, partials };
}
