import { COLOR_SLOTS, type ColorSlot } from '@tessera/core';
import { useEffect, useRef, useState } from 'react';
import { applyVariables, loadFontFaces, themeValue } from './preview-frame.js';
import type { ColorMap, PreviewAnswer } from '@tessera/core/contracts/design';

const PAGES = [
  { path: '/', label: 'Home' },
  { path: '/shop', label: 'Shop' },
  { path: '/cart', label: 'Cart' },
] as const;

/**
 * The site as visitors see it, in a frame, with the unsaved design applied live. Reports the
 * theme's own colours (for the colour fields of slots the design leaves alone) and fonts that
 * could not be loaded.
 */
export function PreviewFrame(props: {
  preview: PreviewAnswer | undefined;
  /** Changes after a save: the frame loads again with the newly published stylesheet. */
  reloadKey: number;
  onThemeColors: (colors: ColorMap) => void;
  onFontFailed: (family: string) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [page, setPage] = useState<string>('/');
  const [loadedAt, setLoadedAt] = useState(0);
  const { preview, onThemeColors, onFontFailed } = props;

  useEffect(() => {
    const win = frame.current?.contentWindow;
    if (!loadedAt || !win) return;
    let current = true;
    applyVariables(win.document, preview);
    void loadFontFaces(win, preview?.fontFaces ?? []).then((failed) => {
      if (current) for (const family of failed) onFontFailed(family);
    });
    return () => {
      current = false;
    };
  }, [preview, loadedAt, onFontFailed]);

  function onLoad() {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const colors: ColorMap = {};
    for (const slot of COLOR_SLOTS as readonly ColorSlot[]) {
      const value = themeValue(doc, `--color-${slot}`);
      if (value && /^#[0-9a-f]{6}$/i.test(value)) colors[slot] = value.toLowerCase();
    }
    onThemeColors(colors);
    setLoadedAt((n) => n + 1);
  }

  return (
    <div className="ds-preview">
      <div className="ds-preview__bar">
        <label htmlFor="ds-preview-page">Preview page</label>
        <select id="ds-preview-page" value={page} onChange={(event) => setPage(event.target.value)}>
          {PAGES.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <iframe
        key={`${page}#${props.reloadKey}`}
        ref={frame}
        title="Site preview"
        src={page}
        className="ds-preview__frame"
        onLoad={onLoad}
      />
    </div>
  );
}
