import { checkUpload } from '@tessera/core';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { uploadFile } from '../api.js';
import type { EditorState } from '../model/commands.js';
import type { Block, PageDoc } from '../model/document.js';
import { findBlock } from '../model/operations.js';
import {
  CANVAS_IMAGE_FILE,
  FOCAL_POINT_LABEL,
  type FocalPoint,
  focalFromPointer,
  focalPointOf,
  focalPointOperations,
  IMAGE_REPLACED_LABEL,
  isCanvasImage,
  objectPosition,
  replaceImageOperations,
} from './image.js';
import type { ApplyEdit } from './use-inline-editing.js';
import './canvas-images.css';

interface CanvasImagesProps {
  frame: RefObject<HTMLIFrameElement | null>;
  doc: PageDoc;
  selection: EditorState['selection'];
  apply: ApplyEdit;
  /** Changes when the frame's document is (re)loaded: the drop listeners go on the new one. */
  frameReady: number;
}

interface Upload {
  blockId: string;
  domId: string;
  progress: number;
  error?: string;
}

type Box = { top: number; left: number; width: number; height: number };

const domIdOf = (doc: PageDoc, blockId: string) => {
  const path = findBlock(doc, blockId);
  return path ? `block-${path.section + 1}-${path.index + 1}` : undefined;
};
const blockAtDomId = (doc: PageDoc, domId: string): Block | undefined => {
  const [s, b] = domId.replace('block-', '').split('-').map(Number);
  return doc.sections[(s ?? 0) - 1]?.blocks[(b ?? 0) - 1];
};

/** The picture's size in pixels, read from the file (undefined when the browser cannot decode it). */
async function imageSize(file: File): Promise<{ width?: number; height?: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

/**
 * Images on the canvas: a file dropped on an image block in the preview is uploaded (with a progress
 * bar) and replaces its picture; on the selected image block, a marker dragged over the picture sets
 * the focal point, shown live in the preview and stored on release. Loaded after the canvas.
 */
export default function CanvasImages({ frame, doc, selection, apply, frameReady }: CanvasImagesProps) {
  const docRef = useRef(doc);
  docRef.current = doc;
  const [upload, setUpload] = useState<Upload | undefined>();
  const [box, setBox] = useState<{ image?: Box; upload?: Box }>({});
  const [dragging, setDragging] = useState<FocalPoint | undefined>();

  const replace = useCallback(
    async (blockId: string, domId: string, file: File) => {
      const refused =
        checkUpload(file.name, file.size) ??
        (CANVAS_IMAGE_FILE.test(file.name) ? undefined : `${file.name} is not a picture.`);
      if (refused) return setUpload({ blockId, domId, progress: 0, error: refused });
      setUpload({ blockId, domId, progress: 0 });
      try {
        const onProgress = (progress: number) => setUpload((u) => u && { ...u, progress });
        const [entry, size] = await Promise.all([uploadFile(file, onProgress), imageSize(file)]);
        const operations = replaceImageOperations(docRef.current, blockId, { url: entry.url, ...size });
        if (operations.length) apply(IMAGE_REPLACED_LABEL, operations);
        setUpload(undefined);
      } catch (error) {
        setUpload({ blockId, domId, progress: 0, error: (error as Error).message });
      }
    },
    [apply],
  );

  // Files dragged over the frame: taken by image blocks, never opened by the frame itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameReady names a new frame document
  useEffect(() => {
    const d = frame.current?.contentDocument;
    if (!d) return;
    const imageAt = (target: EventTarget | null) => {
      const wrapper = (target as Element | null)?.closest?.('[data-tessera-block]');
      const domId = wrapper?.getAttribute('data-tessera-block') ?? '';
      const block = blockAtDomId(docRef.current, domId);
      return isCanvasImage(block) && wrapper ? { block, domId, wrapper } : undefined;
    };
    let over: Element | undefined;
    const mark = (wrapper: Element | undefined) => {
      if (over === wrapper) return;
      over?.removeAttribute('data-tessera-drop');
      wrapper?.setAttribute('data-tessera-drop', '');
      over = wrapper;
    };
    const onOver = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      const found = imageAt(event.target);
      event.dataTransfer.dropEffect = found ? 'copy' : 'none';
      mark(found?.wrapper);
    };
    const onDrop = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      mark(undefined);
      const found = imageAt(event.target);
      const file = event.dataTransfer.files[0];
      if (found && file) void replace(found.block.id, found.domId, file);
    };
    const onLeave = (event: DragEvent) => !event.relatedTarget && mark(undefined);
    d.addEventListener('dragover', onOver);
    d.addEventListener('drop', onDrop);
    d.addEventListener('dragleave', onLeave);
    return () => {
      d.removeEventListener('dragover', onOver);
      d.removeEventListener('drop', onDrop);
      d.removeEventListener('dragleave', onLeave);
    };
  }, [frame, frameReady, replace]);

  const selected = selection?.kind === 'block' ? selection.id : undefined;
  const selectedBlock = selected ? blockAtDomId(doc, domIdOf(doc, selected) ?? '') : undefined;
  const imageId = isCanvasImage(selectedBlock) ? selectedBlock.id : undefined;
  const imgOf = useCallback(
    (blockId: string) => {
      const domId = domIdOf(docRef.current, blockId);
      return frame.current?.contentDocument?.querySelector<HTMLImageElement>(`[data-tessera-block="${domId}"] img`);
    },
    [frame],
  );

  // Where the selected picture and the uploading block are in the frame, kept up while it scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: doc and frameReady move the pictures
  useLayoutEffect(() => {
    const win = frame.current?.contentWindow;
    const measure = () => {
      const image = imageId ? imgOf(imageId)?.getBoundingClientRect() : undefined;
      const d = frame.current?.contentDocument;
      const wrapper = upload && d?.querySelector(`[data-tessera-block="${upload.domId}"] > *`);
      const uploading = wrapper ? wrapper.getBoundingClientRect() : undefined;
      const plain = (r: DOMRect | undefined) => r && { top: r.top, left: r.left, width: r.width, height: r.height };
      setBox({ image: plain(image), upload: plain(uploading) });
    };
    measure();
    // The picture may be laid out again once its file has loaded.
    const img = imageId ? imgOf(imageId) : undefined;
    img?.addEventListener('load', measure);
    win?.addEventListener('scroll', measure, { passive: true });
    win?.addEventListener('resize', measure, { passive: true });
    return () => {
      img?.removeEventListener('load', measure);
      win?.removeEventListener('scroll', measure);
      win?.removeEventListener('resize', measure);
    };
  }, [imageId, upload?.domId, doc, frameReady, imgOf, frame]);

  const pointAt = (event: React.PointerEvent) => {
    // Measured now: the picture may have been laid out again since the marker was placed.
    const frameBox = frame.current?.getBoundingClientRect();
    const image = imageId ? imgOf(imageId)?.getBoundingClientRect() : undefined;
    if (!frameBox || !image) return undefined;
    return focalFromPointer(image, event.clientX - frameBox.left, event.clientY - frameBox.top);
  };
  /** The picture in the preview follows the marker while it is dragged (nothing is stored yet). */
  const preview = (point: FocalPoint) => {
    const img = imageId ? imgOf(imageId) : undefined;
    if (img) img.style.objectPosition = objectPosition(point);
    setDragging(point);
  };
  const store = (point: FocalPoint) => {
    if (!imageId) return;
    const operations = focalPointOperations(docRef.current, imageId, point);
    if (operations.length) apply(FOCAL_POINT_LABEL, operations);
  };

  const focal = dragging ?? (isCanvasImage(selectedBlock) ? focalPointOf(selectedBlock) : undefined);
  return (
    <>
      {box.image && focal && imageId && !upload && (
        <button
          type="button"
          className="ed-focal-marker"
          aria-label={`Focal point ${Math.round(focal.x * 100)}% ${Math.round(focal.y * 100)}%: drag, or use the arrow keys`}
          aria-roledescription="focal point marker"
          style={{ top: box.image.top + focal.y * box.image.height, left: box.image.left + focal.x * box.image.width }}
          onPointerDown={(event) => {
            event.preventDefault();
            event.currentTarget.setPointerCapture(event.pointerId);
            preview(focal);
          }}
          onPointerMove={(event) => {
            const point = dragging && pointAt(event);
            if (point) preview(point);
          }}
          onPointerUp={(event) => {
            const point = dragging && (pointAt(event) ?? dragging);
            setDragging(undefined);
            if (point) store(point);
          }}
          onPointerCancel={() => setDragging(undefined)}
          onKeyDown={(event) => {
            const step = { ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0], ArrowUp: [0, -0.05], ArrowDown: [0, 0.05] }[
              event.key
            ];
            if (!step) return;
            event.preventDefault();
            store({ x: focal.x + (step[0] ?? 0), y: focal.y + (step[1] ?? 0) });
          }}
        />
      )}
      {imageId && box.image && !upload && (
        <label className="ed-image-replace" style={{ top: box.image.top + 8, left: box.image.left + 8 }}>
          Replace image
          <input
            type="file"
            accept="image/*"
            onChange={(event) => {
              const file = event.target.files?.[0];
              const domId = domIdOf(docRef.current, imageId);
              if (file && domId) void replace(imageId, domId, file);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {upload && box.upload && (
        <div
          className="ed-image-upload"
          style={{ top: box.upload.top, left: box.upload.left, width: box.upload.width }}
          role={upload.error ? 'alert' : 'status'}
        >
          {upload.error ? (
            <>
              {upload.error}{' '}
              <button type="button" onClick={() => setUpload(undefined)}>
                Dismiss
              </button>
            </>
          ) : (
            <progress aria-label="Uploading image" max={1} value={upload.progress} />
          )}
        </div>
      )}
    </>
  );
}
