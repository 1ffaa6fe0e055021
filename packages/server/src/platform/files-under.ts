import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files under `dir` whose names end with `suffix` (all files when none is given), as paths
 * relative to `dir` with `/` separators, sorted; none when `dir` does not exist.
 */
export function filesUnder(dir: string, suffix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (at: string, prefix: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith(suffix)) out.push(`${prefix}${entry.name}`);
    }
  };
  walk(dir, '');
  return out.sort();
}
