// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISLANDS, mountIsland } from './index.js';

const THEME = join(import.meta.dirname, '../../../../themes/default');

/** Every `data-island` name the default theme writes. */
function themeIslandNames(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(jsont|block|html)$/.test(entry.name)) {
        for (const [, name] of readFileSync(path, 'utf8').matchAll(/data-island="([a-z-]+)"/g))
          names.add(name as string);
      }
    }
  };
  visit(THEME);
  return names;
}

describe('the island table', () => {
  it('has an entry for every island the theme writes (the loader wires cart-pill itself)', () => {
    const missing = [...themeIslandNames()].filter((name) => name !== 'cart-pill' && !Object.hasOwn(ISLANDS, name));
    expect(missing).toEqual([]);
  });

  it('imports each island lazily and hands back its mount function', async () => {
    for (const [name, load] of Object.entries(ISLANDS)) {
      expect(typeof (await load()), name).toBe('function');
    }
  });

  it('mounts nothing for a name without an entry', async () => {
    const root = document.createElement('div');
    root.dataset.island = 'toString';
    const env = { context: { locale: 'en-US', currency: 'USD' }, win: window, getCart: () => undefined };
    expect(await mountIsland(root, env)).toBe(false);
  });
});
