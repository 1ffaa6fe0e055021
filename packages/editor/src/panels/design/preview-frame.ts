import type { DesignFontFace, PreviewAnswer } from '@tessera/core/contracts/design';

// The live preview is the real site page in a same-origin frame. Unsaved design variables go on
// its root element with `style.setProperty` and fonts through the `FontFace` API: both allowed by
// the site's CSP (no <style> element, fonts from 'self').

const SITE_SHEET = '/site.css';

function rootRules(sheet: CSSStyleSheet): CSSStyleRule[] {
  try {
    // Not `instanceof`: the framed page's rules belong to the frame's window.
    return [...sheet.cssRules].filter(
      (rule): rule is CSSStyleRule => 'selectorText' in rule && (rule as CSSStyleRule).selectorText === ':root',
    );
  } catch {
    return []; // a sheet of another origin cannot be read
  }
}

function isSiteSheet(sheet: CSSStyleSheet): boolean {
  return !!sheet.href && new URL(sheet.href).pathname === SITE_SHEET;
}

function customProperties(rule: CSSStyleRule): string[] {
  const names: string[] = [];
  for (let i = 0; i < rule.style.length; i++) {
    const name = rule.style.item(i);
    if (name.startsWith('--')) names.push(name);
  }
  return names;
}

/** The theme's own value of a custom property (its `:root` rules, not the saved design's sheet). */
export function themeValue(doc: Document, name: string): string | undefined {
  let found: string | undefined;
  for (const sheet of [...doc.styleSheets]) {
    if (isSiteSheet(sheet)) continue;
    for (const rule of rootRules(sheet)) {
      const value = rule.style.getPropertyValue(name).trim();
      if (value) found = value;
    }
  }
  return found;
}

/** The custom properties the saved design (`/site.css`) sets on the page. */
function savedDesignProperties(doc: Document): string[] {
  return [...doc.styleSheets].filter(isSiteSheet).flatMap((sheet) => rootRules(sheet).flatMap(customProperties));
}

/** Properties and element fonts this module set on each document, to take them off again. */
const applied = new WeakMap<Document, Set<string>>();
const styledElements = new WeakMap<Document, Set<HTMLElement>>();
const loadedFaces = new WeakMap<Document, Map<string, Promise<void>>>();

/**
 * Shows `preview` (the unsaved design) on the framed page, or the saved design when `preview` is
 * undefined. A variable the saved design sets but the draft does not goes back to the theme's value.
 */
export function applyVariables(doc: Document, preview: PreviewAnswer | undefined): void {
  const root = doc.documentElement;
  const set = applied.get(doc) ?? new Set<string>();
  applied.set(doc, set);
  const next: Record<string, string> = { ...(preview?.variables ?? {}) };
  if (preview) {
    for (const name of savedDesignProperties(doc)) {
      if (next[name] !== undefined) continue;
      const fallback = themeValue(doc, name);
      if (fallback !== undefined) next[name] = fallback;
    }
  }
  for (const name of set) {
    if (next[name] === undefined) {
      root.style.removeProperty(name);
      set.delete(name);
    }
  }
  for (const [name, value] of Object.entries(next)) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
    set.add(name);
  }
  applyUsageRules(doc, preview?.usageRules ?? []);
}

/** The font rules of buttons, navigation and details, set on the matching elements of the page. */
function applyUsageRules(doc: Document, rules: PreviewAnswer['usageRules']): void {
  const previous = styledElements.get(doc) ?? new Set<HTMLElement>();
  const next = new Set<HTMLElement>();
  for (const rule of rules) {
    for (const element of doc.querySelectorAll<HTMLElement>(rule.selector)) {
      element.style.setProperty('font-family', rule.fontFamily);
      next.add(element);
    }
  }
  for (const element of previous) if (!next.has(element)) element.style.removeProperty('font-family');
  styledElements.set(doc, next);
}

/**
 * Loads the font faces of a preview into the framed page (each once). Resolves with the families
 * that could not be loaded.
 */
export async function loadFontFaces(frameWindow: Window, faces: readonly DesignFontFace[]): Promise<string[]> {
  const doc = frameWindow.document;
  const cache = loadedFaces.get(doc) ?? new Map<string, Promise<void>>();
  loadedFaces.set(doc, cache);
  const FontFaceIn = (frameWindow as Window & typeof globalThis).FontFace;
  const failed = new Set<string>();
  await Promise.all(
    faces.map(async (face) => {
      const key = `${face.family}|${face.weight}|${face.url}`;
      let loading = cache.get(key);
      if (!loading) {
        const fontFace = new FontFaceIn(face.family, `url("${face.url}") format("woff2")`, {
          weight: String(face.weight),
          style: 'normal',
          display: 'swap',
        });
        doc.fonts.add(fontFace);
        loading = fontFace.load().then(() => undefined);
        cache.set(key, loading);
        loading.catch(() => cache.delete(key));
      }
      try {
        await loading;
      } catch {
        failed.add(face.family);
      }
    }),
  );
  return [...failed];
}

/**
 * Loads a font's preview file into the editor page under a name of its own, so a font list can
 * show each family in itself. Rejects when the file cannot be loaded.
 */
const previewFaces = new Map<string, Promise<string>>();
export function loadPreviewFont(id: string, url: string): Promise<string> {
  let found = previewFaces.get(id);
  if (!found) {
    const family = `tessera-preview-${id}`;
    const face = new FontFace(family, `url("${url}") format("woff2")`, { display: 'swap' });
    document.fonts.add(face);
    found = face.load().then(() => family);
    previewFaces.set(id, found);
    found.catch(() => previewFaces.delete(id));
  }
  return found;
}
