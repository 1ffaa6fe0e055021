import { DEVICE_PREVIEWS, type DevicePreview } from '@tessera/core';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { api } from '../api.js';
import { type ApplyEdit, loadInlineEditor, useInlineEditing } from '../canvas/use-inline-editing.js';
import type { EditorState } from '../model/commands.js';
import type { PageDoc } from '../model/document.js';
import type { PreviewContext, ThemeSource } from '@tessera/core/contracts/pages';
import type { PreviewRenderer } from '../preview/renderer.js';
import type { CanvasTool } from './CanvasDrag.js';
import './canvas.css';

interface CanvasProps {
  pageId: string;
  doc: PageDoc;
  selection: EditorState['selection'];
  device: DevicePreview;
  onSelect: (selection: EditorState['selection']) => void;
  onKey: (event: KeyboardEvent) => void;
  /** The selected block's tools (from the command list), shown in a toolbar over it. */
  tools: CanvasTool[];
  /** Edits made on the canvas (a block dragged, text typed in place), each one undoable step. */
  apply: ApplyEdit;
}

/** Lexical and the floating toolbar for editing text in place, loaded when first needed. */
const InlineEditor = lazy(loadInlineEditor);
/** The selected block's drag handle and tools: fetched once the canvas is up, off the editor's first load. */
const loadCanvasDrag = () => import('./CanvasDrag.js');
const CanvasDrag = lazy(() => loadCanvasDrag().then((m) => ({ default: m.CanvasDrag })));
/** Files dropped on image blocks and the focal point marker: fetched once the canvas is up. */
const loadCanvasImages = () => import('../canvas/CanvasImages.js');
const CanvasImages = lazy(loadCanvasImages);

let themePromise: Promise<ThemeSource> | undefined;
let rendererModule: Promise<typeof import('../preview/renderer.js')> | undefined;

/** Styles the editor adds inside the preview frame: outlines on hover and selection. */
const FRAME_STYLE = `
[data-tessera-block]>*{cursor:pointer}
[data-tessera-inline]{cursor:text;outline:2px solid #16a34a!important;outline-offset:2px}
[data-tessera-inline="plain"]>p{margin:0;display:inline}
[data-tessera-drop]>*{outline:3px dashed #16a34a!important;outline-offset:2px}
[data-tessera-block]:hover>*{outline:1px dashed #2563eb;outline-offset:2px}
[data-tessera-selected]>*{outline:2px solid #2563eb!important;outline-offset:2px}
section[data-tessera-section-selected]{outline:2px solid #9333ea;outline-offset:-2px}
`;

/** Timings of field change → preview updated, read by the benchmark (`bench/editor`). */
declare global {
  interface Window {
    __tesseraPreview?: { updates: number[]; lastChangeAt?: number };
  }
}

/**
 * The page in an iframe, rendered here by the theme's templates and the template engine: the
 * whole page once, then only the sections on each change (in the same frame as the change).
 */
export function Canvas({ pageId, doc, selection, device, onSelect, onKey, tools, apply }: CanvasProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [renderer, setRenderer] = useState<PreviewRenderer | undefined>();
  const [preview, setPreview] = useState<PreviewContext | undefined>();
  const [frameReady, setFrameReady] = useState(0);
  const [failed, setFailed] = useState('');
  const [toolbar, setToolbar] = useState<{ top: number; left: number } | undefined>();
  // Text edited in place: its block's DOM is Lexical's until the burst ends, then drawn again.
  const held = useRef(new Set<string>());
  const [repaint, setRepaint] = useState(0);
  const hold = useCallback((domId: string) => {
    held.current.add(domId);
    stale.current.add(domId);
  }, []);
  const release = useCallback((domId: string) => {
    held.current.delete(domId);
    setRepaint((n) => n + 1);
  }, []);
  const getDoc = useCallback(() => currentDoc.current, []);
  const inline = useInlineEditing({ frame, getDoc, selection, apply, hold, release });
  const inlineRef = useRef(inline);
  inlineRef.current = inline;
  const selectionRef = useRef(selection);
  selectionRef.current = selection;

  useEffect(() => {
    let cancelled = false;
    void loadCanvasDrag();
    void loadCanvasImages();
    themePromise ??= api<ThemeSource>('GET', '/api/config/theme');
    rendererModule ??= import('../preview/renderer.js');
    Promise.all([
      themePromise,
      rendererModule,
      api<PreviewContext>('GET', `/api/config/pages/${encodeURIComponent(pageId)}/preview-context`),
    ])
      .then(([theme, module, context]) => {
        if (cancelled) return;
        setRenderer((r) => r ?? new module.PreviewRenderer(theme));
        setPreview(context);
      })
      .catch(() => !cancelled && setFailed('Unable to load preview. Try again.'));
    return () => {
      cancelled = true;
    };
  }, [pageId]);

  // The page around the sections: written once per page.
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe || !renderer || !preview) return;
    const html = renderer.pageHtml(preview).replace('</head>', `<style>${FRAME_STYLE}</style></head>`);
    iframe.srcdoc = html;
  }, [renderer, preview]);

  // Clicks select; links and forms inside the preview do nothing.
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const onLoad = () => {
      const d = iframe.contentDocument;
      if (!d) return;
      d.addEventListener('click', (event) => {
        const target = event.target as Element;
        event.preventDefault();
        // A click in the text being edited places the caret; a click on the selected block's text edits it.
        if (target.closest('[data-tessera-inline]')) return;
        const block = target.closest('[data-tessera-block]');
        const marker = d.querySelector('[data-tessera-sections]');
        if (block && marker) {
          const [s, b] = (block.getAttribute('data-tessera-block') ?? '').replace('block-', '').split('-').map(Number);
          const id = currentDoc.current.sections[s - 1]?.blocks[b - 1]?.id;
          const selected = selectionRef.current;
          if (id && selected?.kind === 'block' && selected.id === id) inlineRef.current.start(id);
          else if (id) onSelect({ kind: 'block', id });
          return;
        }
        const section = target.closest('section');
        if (section && marker) {
          const index = [...marker.querySelectorAll(':scope > section')].indexOf(section);
          const id = currentDoc.current.sections[index]?.id;
          if (id) onSelect({ kind: 'section', id });
        }
      });
      d.addEventListener('submit', (event) => event.preventDefault());
      iframe.contentWindow?.addEventListener('scroll', () => placeToolbar.current(), { passive: true });
      // A device switch lays the page out again (media queries) after the frame resizes: follow it.
      iframe.contentWindow?.addEventListener('resize', () => placeToolbar.current(), { passive: true });
      d.addEventListener('keydown', (event) => onKeyRef.current(event));
      setFrameReady((n) => n + 1);
    };
    iframe.addEventListener('load', onLoad);
    return () => iframe.removeEventListener('load', onLoad);
  }, [onSelect]);

  const placeToolbar = useRef<() => void>(() => undefined);
  const currentDoc = useRef(doc);
  currentDoc.current = doc;
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;

  // Every change: the sections again, before the browser paints (also after the frame (re)loads).
  // When no wrapper moved, only the blocks whose HTML changed are replaced.
  // A keystroke renders only the blocks that are new objects in the (immutable) document; a changed
  // layout renders the sections whole. Blocks held by text editing are drawn again once released.
  const shown = useRef<{ marker: Element; doc: PageDoc } | undefined>(undefined);
  const stale = useRef(new Set<string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameReady re-runs this once the frame document exists
  useLayoutEffect(() => {
    const d = frame.current?.contentDocument;
    const marker = d?.querySelector('[data-tessera-sections]');
    if (!d || !marker || !renderer || !preview) return;
    const before = shown.current;
    const changed =
      before && before.marker === marker
        ? renderer.changedBlocks(doc, before.doc, preview.settings, stale.current)
        : undefined;
    if (changed) {
      for (const [id, html] of Object.entries(changed)) {
        if (held.current.has(id)) {
          stale.current.add(id);
          continue;
        }
        const wrapper = marker.querySelector(`[data-tessera-block="${id}"]`);
        if (wrapper) wrapper.innerHTML = html;
        stale.current.delete(id);
      }
    } else {
      marker.innerHTML = renderer.sectionsHtml(doc, preview.settings);
      stale.current.clear();
    }
    shown.current = { marker, doc };
    const timing = (window.__tesseraPreview ??= { updates: [] });
    if (timing.lastChangeAt !== undefined) {
      timing.updates.push(performance.now() - timing.lastChangeAt);
      timing.lastChangeAt = undefined;
    }
    inlineRef.current.checkAttached();
  }, [doc, renderer, preview, frameReady, repaint]);

  // The selection and the page's layout, as a key: the outline is redrawn only when one of them changes.
  const structureKey = doc.sections
    .map((s) => `${s.id}:${JSON.stringify(s.settings)}:${s.blocks.map((b) => b.id).join(',')}`)
    .join('|');

  // Selection outline and the floating toolbar's place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameReady re-runs this once the frame document exists
  useLayoutEffect(() => {
    const d = frame.current?.contentDocument;
    const marker = d?.querySelector('[data-tessera-sections]');
    if (!d || !marker) return;
    for (const el of d.querySelectorAll('[data-tessera-selected],[data-tessera-section-selected]')) {
      el.removeAttribute('data-tessera-selected');
      el.removeAttribute('data-tessera-section-selected');
    }
    setToolbar(undefined);
    if (!selection) return;
    let target: Element | null = null;
    if (selection.kind === 'block') {
      for (const [s, section] of doc.sections.entries()) {
        for (const [b, block] of section.blocks.entries()) {
          if (block.id === selection.id) target = d.querySelector(`[data-tessera-block="block-${s + 1}-${b + 1}"]`);
        }
      }
      (target as Element | null)?.setAttribute('data-tessera-selected', '');
    } else {
      const index = doc.sections.findIndex((s) => s.id === selection.id);
      target = marker.querySelectorAll(':scope > section')[index] ?? null;
      (target as Element | null)?.setAttribute('data-tessera-section-selected', '');
    }
    const shown = (target as Element | null)?.firstElementChild ?? (target as Element | null);
    if (shown) {
      const rect = shown.getBoundingClientRect();
      if (rect.top < 0 || rect.top > (frame.current?.clientHeight ?? 0)) shown.scrollIntoView({ block: 'center' });
      placeToolbar.current = () => {
        const r = shown.getBoundingClientRect();
        const height = frame.current?.clientHeight ?? 0;
        setToolbar(r.bottom < 0 || r.top > height ? undefined : { top: Math.max(0, r.top), left: r.left });
      };
      placeToolbar.current();
    } else placeToolbar.current = () => undefined;
  }, [selection, structureKey, frameReady, device]);

  const width = DEVICE_PREVIEWS[device].width;
  return (
    <div className={`ed-canvas ed-canvas--${device}`}>
      {failed && <p role="alert">{failed}</p>}
      <div className="ed-frame-wrap" style={{ width: width ? `${width}px` : '100%' }}>
        <iframe ref={frame} title="Page preview" className="ed-frame" data-device={device} />
        {selection?.kind === 'block' && !inline.session && (
          <Suspense fallback={null}>
            <CanvasDrag
              frame={frame}
              doc={doc}
              blockId={selection.id}
              at={toolbar}
              tools={tools}
              onMove={(operation) => apply('Moved block', [operation])}
            />
          </Suspense>
        )}
        {frameReady > 0 && (
          <Suspense fallback={null}>
            <CanvasImages frame={frame} doc={doc} selection={selection} apply={apply} frameReady={frameReady} />
          </Suspense>
        )}
        {inline.session && (
          <Suspense fallback={null}>
            <InlineEditor
              key={`${inline.session.blockId}:${inline.session.domId}`}
              session={inline.session}
              control={inline.control}
              frame={frame}
              onStop={inline.stop}
              onPause={inline.pause}
              onRestart={inline.restart}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
