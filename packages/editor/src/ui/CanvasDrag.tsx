import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { blockLabel, type PageDoc } from '../model/document.js';
import { type DropTarget, moveForDrop } from '../model/drop.js';
import { findBlock, type Operation } from '../model/operations.js';
import './canvas-drag.css';

// Drag and drop on the canvas. dnd-kit listens to pointer events in the editor's own document, and
// a pointer over the preview iframe sends its events into the frame's document instead. So the drag
// happens on an overlay in the editor's document, laid over the iframe: the selected block's toolbar
// has a drag handle; while it is dragged, a transparent layer covers the frame (the pointer stays in
// this document) and holds one drop zone per block and per section, placed on the rectangles the
// blocks have inside the frame. Nothing covers the frame otherwise, so clicks still select blocks.
// A drop becomes the same `moveBlock` operation the layers list and the keyboard commands use.

/** A place on the canvas a block can be dropped on, in the frame wrapper's coordinates. */
interface Zone {
  key: string;
  kind: 'block' | 'section';
  id: string;
  /** A section with no blocks: the only place to drop into it. */
  empty: boolean;
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface CanvasTool {
  name: string;
  label: string;
  shortcut?: string;
  enabled: boolean;
  run: () => void;
}

interface CanvasDragProps {
  frame: RefObject<HTMLIFrameElement | null>;
  doc: PageDoc;
  blockId: string;
  /** Where the toolbar sits over the selected block (frame wrapper coordinates); undefined when out of view. */
  at: { top: number; left: number } | undefined;
  tools: CanvasTool[];
  onMove: (operation: Operation) => void;
}

/** The blocks' and sections' rectangles inside the frame, in the wrapper's coordinates. */
function measureZones(iframe: HTMLIFrameElement, doc: PageDoc): Zone[] {
  const d = iframe.contentDocument;
  const marker = d?.querySelector('[data-tessera-sections]');
  if (!d || !marker) return [];
  const dx = iframe.clientLeft;
  const dy = iframe.clientTop;
  const zones: Zone[] = [];
  const sections = marker.querySelectorAll(':scope > section');
  for (const [s, section] of doc.sections.entries()) {
    const box = sections[s]?.getBoundingClientRect();
    if (box) {
      zones.push({
        key: `section:${section.id}`,
        kind: 'section',
        id: section.id,
        empty: section.blocks.length === 0,
        top: box.top + dy,
        left: box.left + dx,
        width: box.width,
        height: box.height,
      });
    }
    for (const [b, block] of section.blocks.entries()) {
      // Block wrappers are `display: contents`: their box is the union of their children's.
      const wrapper = d.querySelector(`[data-tessera-block="block-${s + 1}-${b + 1}"]`);
      const rects = [...(wrapper?.children ?? [])]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 || r.height > 0);
      if (rects.length === 0) continue;
      const top = Math.min(...rects.map((r) => r.top));
      const left = Math.min(...rects.map((r) => r.left));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      const right = Math.max(...rects.map((r) => r.right));
      zones.push({
        key: `block:${block.id}`,
        kind: 'block',
        id: block.id,
        empty: false,
        top: top + dy,
        left: left + dx,
        width: right - left,
        height: bottom - top,
      });
    }
  }
  return zones;
}

/** Blocks win over the section around them; the keyboard (no pointer) goes to the nearest block. */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const blocks = within.filter((c) => String(c.id).startsWith('block:'));
    return blocks.length > 0 ? blocks : within;
  }
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (c) => String(c.id).startsWith('block:') || c.data.current?.empty === true,
    ),
  });
};

const EDGE = 48;

export function CanvasDrag({ frame, doc, blockId, at, tools, onMove }: CanvasDragProps) {
  const [zones, setZones] = useState<Zone[]>([]);
  const [dragging, setDragging] = useState<{ top: number; left: number } | undefined>();
  const [hover, setHover] = useState<{ key: string; place: 'before' | 'after' } | undefined>();
  const direction = useRef<'up' | 'down'>('down');
  const pointerY = useRef<number | undefined>(undefined);

  const measure = useCallback(() => {
    if (frame.current) setZones(measureZones(frame.current, doc));
  }, [frame, doc]);

  // Keyboard: Space picks the block up, each arrow goes one block further up or down the page (in
  // any section), Space drops it there: after the block when going down, before it when going up.
  const keyTarget = useRef<number | undefined>(undefined);
  const keyboardCoordinates: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates, context }) => {
      if (event.code !== 'ArrowDown' && event.code !== 'ArrowUp') return undefined;
      event.preventDefault();
      const rect = context.collisionRect;
      if (!rect) return currentCoordinates;
      const blocks = [...context.droppableRects.entries()]
        .filter(([id]) => String(id).startsWith('block:'))
        .map(([id, r]) => ({ id: String(id), centre: r.top + r.height / 2 }))
        .sort((a, b) => a.centre - b.centre);
      const down = event.code === 'ArrowDown';
      const next = (keyTarget.current ?? blocks.findIndex((b) => b.id === `block:${blockId}`)) + (down ? 1 : -1);
      const target = blocks[next];
      if (!target) return currentCoordinates;
      keyTarget.current = next;
      direction.current = down ? 'down' : 'up';
      return { x: currentCoordinates.x, y: currentCoordinates.y + target.centre - (rect.top + rect.height / 2) };
    },
    [blockId],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const placeOf = (event: DragMoveEvent | DragEndEvent): 'before' | 'after' => {
    const over = event.over?.rect;
    const start = event.activatorEvent as PointerEvent;
    if (!over || typeof start.clientY !== 'number') return direction.current === 'up' ? 'before' : 'after';
    const y = start.clientY + event.delta.y;
    return y < over.top + over.height / 2 ? 'before' : 'after';
  };

  const onDragMove = (event: DragMoveEvent) => {
    const over = event.over;
    setHover(over ? { key: String(over.id), place: placeOf(event) } : undefined);
    // Near the frame's top or bottom edge, scroll the page in the frame and measure again.
    const start = event.activatorEvent as PointerEvent;
    const iframe = frame.current;
    if (!iframe || typeof start.clientY !== 'number') return;
    const y = start.clientY + event.delta.y;
    pointerY.current = y;
    const box = iframe.getBoundingClientRect();
    const step = y < box.top + EDGE ? -24 : y > box.bottom - EDGE ? 24 : 0;
    if (step !== 0) {
      iframe.contentWindow?.scrollBy(0, step);
      measure();
    }
  };

  const finish = () => {
    keyTarget.current = undefined;
    setDragging(undefined);
    setHover(undefined);
    setZones([]);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const over = event.over ? zones.find((z) => z.key === String(event.over?.id)) : undefined;
    const place = placeOf(event);
    finish();
    if (!over) return;
    const target: DropTarget =
      over.kind === 'block' ? { kind: 'block', id: over.id, place } : { kind: 'section', id: over.id };
    const operation = moveForDrop(doc, blockId, target);
    if (operation) onMove(operation);
  };

  const label = labelOf(doc, blockId);
  const shown = dragging ?? at;
  const indicator = hover ? zones.find((z) => z.key === hover.key) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      autoScroll={false}
      onDragStart={() => {
        keyTarget.current = undefined;
        measure();
        setDragging(at ?? { top: 36, left: 0 });
      }}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move the block on the page, press Space, then the up and down arrows to choose its place, and Space again to drop it; Escape cancels.',
        },
        announcements: {
          onDragStart: () => `Picked up ${label}.`,
          onDragOver: ({ over }) => (over ? `${label} is over ${zoneLabel(doc, String(over.id))}.` : ''),
          onDragEnd: ({ over }) => (over ? `Dropped ${label}.` : 'Move cancelled.'),
          onDragCancel: () => 'Move cancelled.',
        },
      }}
    >
      {dragging && (
        // The layer that keeps the pointer in this document while a block is dragged over the frame.
        <div
          className="ed-drop-layer"
          onWheel={(e) => {
            frame.current?.contentWindow?.scrollBy(0, e.deltaY);
            measure();
          }}
        >
          {zones.map((zone) => (
            <DropZone key={zone.key} zone={zone} />
          ))}
          {indicator && (
            <div
              className="ed-drop-line"
              style={{
                top:
                  indicator.kind === 'section'
                    ? indicator.top + indicator.height - 4
                    : hover?.place === 'before'
                      ? indicator.top - 3
                      : indicator.top + indicator.height - 1,
                left: indicator.left,
                width: indicator.width,
              }}
            />
          )}
        </div>
      )}
      {shown && (
        // While a drag lasts, the handle being dragged stays where the drag began. It sits at the
        // block's left edge, beside the toolbar, so neither covers more of the page than before.
        <>
          <DragHandle
            id={blockId}
            label={label}
            onPrepare={measure}
            style={{ top: Math.max(0, shown.top), left: Math.max(0, shown.left - 30) }}
          />
          <div
            className="ed-float"
            role="toolbar"
            aria-label="Selected block"
            style={{ top: Math.max(0, shown.top - 36), left: Math.max(0, shown.left) }}
          >
            {tools.map((tool) => (
              <button key={tool.name} type="button" disabled={!tool.enabled} onClick={tool.run} title={tool.shortcut}>
                {tool.label}
              </button>
            ))}
          </div>
        </>
      )}
      <DragOverlay dropAnimation={null}>{dragging ? <div className="ed-drag-ghost">{label}</div> : null}</DragOverlay>
    </DndContext>
  );
}

function DragHandle({
  id,
  label,
  onPrepare,
  style,
}: {
  id: string;
  label: string;
  onPrepare: () => void;
  style: { top: number; left: number };
}) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `drag:${id}` });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className="ed-canvas-drag"
      style={style}
      {...attributes}
      {...listeners}
      // The drop zones are measured as the pointer goes down, so they exist when the drag starts.
      onPointerDownCapture={onPrepare}
      onKeyDownCapture={onPrepare}
      aria-label={`Drag on the page: ${label}`}
      title="Drag to move (or Space, arrows, Space)"
    >
      ⠿
    </button>
  );
}

function DropZone({ zone }: { zone: Zone }) {
  const { setNodeRef } = useDroppable({ id: zone.key, data: { empty: zone.empty } });
  return (
    <div
      ref={setNodeRef}
      className="ed-drop-zone"
      data-drop={zone.key}
      style={{ top: zone.top, left: zone.left, width: zone.width, height: zone.height }}
    />
  );
}

function labelOf(doc: PageDoc, id: string): string {
  const path = findBlock(doc, id);
  const block = path ? doc.sections[path.section]?.blocks[path.index] : undefined;
  return block ? `${blockLabel(block)} block` : 'block';
}

function zoneLabel(doc: PageDoc, key: string): string {
  const [kind, id] = key.split(':');
  if (kind === 'block') return labelOf(doc, id ?? '');
  const index = doc.sections.findIndex((s) => s.id === id);
  return `section ${index + 1}`;
}
