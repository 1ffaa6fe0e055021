import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Theme } from '../theme.js';
import {
  elementShape,
  HOSTILE_STRINGS,
  hostileContext,
  injectedMarkup,
  PLAIN_STRING,
} from '../../../test/hostile-template-strings.js';

const THEME_DIR = fileURLToPath(new URL('../../../../../themes/default', import.meta.url));
const settings = { locale: 'en-US', timeZone: 'UTC', now: Date.UTC(2026, 0, 15) };
const templates = readdirSync(`${THEME_DIR}/templates`)
  .filter((file) => file.endsWith('.jsont') && file !== 'layout.jsont')
  .map((file) => file.slice(0, -'.jsont'.length));

function partialsOf(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? partialsOf(`${dir}/${entry.name}`, `${prefix}${entry.name}/`)
      : entry.name.endsWith('.block')
        ? [`${prefix}${entry.name}`]
        : [],
  );
}
const partials = partialsOf(`${THEME_DIR}/partials`);

/**
 * Elements (tag and attribute names) a hostile render has more of than the plain one: what a string
 * broke out into. (A hostile render may have fewer: an excerpt that is only a tag reads as empty.)
 */
function extraElements(plain: string[], hostile: string[]): string[] {
  const left = new Map<string, number>();
  for (const entry of plain) left.set(entry, (left.get(entry) ?? 0) + 1);
  const extra: string[] = [];
  for (const entry of hostile) {
    const count = left.get(entry) ?? 0;
    if (count === 0) extra.push(`unexpected ${entry}`);
    else left.set(entry, count - 1);
  }
  return extra;
}

describe('finding 10: theme templates escape every text field', () => {
  it('finding 10: every theme template and partial rendered with hostile strings in every text field has no injected element or attribute', () => {
    expect(templates.length).toBeGreaterThan(20);
    const theme = new Theme(THEME_DIR);
    const problems: string[] = [];
    const contexts = new Map([PLAIN_STRING, ...HOSTILE_STRINGS].map((t) => [t, hostileContext(t)]));
    const contextOf = (t: string) => contexts.get(t) as Record<string, unknown>;
    for (const template of templates) {
      const plain = theme.renderPage(template, contextOf(PLAIN_STRING), settings).html;
      const plainShape = elementShape(plain);
      for (const hostile of HOSTILE_STRINGS) {
        const html = theme.renderPage(template, contextOf(hostile), settings).html;
        for (const found of injectedMarkup(html)) problems.push(`${template} with ${hostile}: ${found}`);
        for (const extra of extraElements(plainShape, elementShape(html)))
          problems.push(`${template} with ${hostile}: ${extra}`);
      }
    }
    for (const partial of partials) {
      const plainShape = elementShape(theme.renderPartial(partial, contextOf(PLAIN_STRING), settings).html);
      for (const hostile of HOSTILE_STRINGS) {
        const html = theme.renderPartial(partial, contextOf(hostile), settings).html;
        for (const found of injectedMarkup(html)) problems.push(`${partial} with ${hostile}: ${found}`);
        for (const extra of extraElements(plainShape, elementShape(html)))
          problems.push(`${partial} with ${hostile}: ${extra}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finding 10: the fixture really prints the hostile strings (so the test above can fail)', () => {
    const theme = new Theme(THEME_DIR);
    const html = theme.renderPage('products.item', hostileContext(HOSTILE_STRINGS[0]), settings).html;
    expect(html).toContain('<h1 class="ProductItem-title">"&gt;&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toMatch(/<select aria-label="Select &quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;"/);
    const unsubscribe = theme.renderPage('unsubscribe', hostileContext(HOSTILE_STRINGS[0]), settings).html;
    expect(unsubscribe).toContain('about "&gt;&lt;img src=x onerror=alert(1)&gt;');
    // The parser sees an injected element when one is there.
    expect(injectedMarkup('<p><img src=x onerror=alert(1)></p>')).toEqual(['<img onerror>']);
  });
});
