import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A theme's template and partial sources, as the editor's in-browser renderer loads them. */
export interface ThemeSource {
  templates: Record<string, string>;
  partials: Record<string, string>;
}

function walk(dir: string, suffix: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...walk(join(dir, entry.name), suffix, `${prefix}${entry.name}/`));
    else if (entry.name.endsWith(suffix)) out.push(`${prefix}${entry.name}`);
  }
  return out.sort();
}

/** Reads `templates/*.jsont` (named without the suffix) and `partials/**\/*.block` (named by relative path). */
export function readThemeSource(themeDir: string): ThemeSource {
  const templates: Record<string, string> = {};
  for (const file of walk(join(themeDir, 'templates'), '.jsont')) {
    if (file.includes('/')) continue;
    templates[file.slice(0, -'.jsont'.length)] = readFileSync(join(themeDir, 'templates', file), 'utf8');
  }
  const partials: Record<string, string> = {};
  for (const file of walk(join(themeDir, 'partials'), '.block'))
    partials[file] = readFileSync(join(themeDir, 'partials', file), 'utf8');
  return { templates, partials };
}
