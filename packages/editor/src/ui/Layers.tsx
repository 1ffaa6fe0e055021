import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { EDITOR_LIMITS } from '@tessera/core';
import { memo, useCallback, useMemo } from 'react';
import type { EditorState } from '../model/commands.js';
import { type Block, blockLabel, type PageDoc } from '../model/document.js';
import { findBlock, type Operation } from '../model/operations.js';
import './layers.css';

interface LayersProps {
  doc: PageDoc;
  selection: EditorState['selection'];
  select: (selection: EditorState['selection']) => void;
  apply: (label: string, operations: Operation[]) => void;
}

function summaryOf(block: Block): string {
  const c = block.content;
  const text = String(c.text ?? c.label ?? c.html ?? c.markdown ?? c.code ?? '').replace(/<[^>]*>/g, '');
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/**
 * The page's sections and blocks as a list: click to select, drag a block's handle (pointer, or
 * keyboard: Space, arrows, Space) to move it within or across sections.
 */
export function Layers({ doc, selection, select, apply }: LayersProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = findBlock(doc, String(active.id));
    const to = findBlock(doc, String(over.id));
    if (!from || !to) return;
    apply('Moved block', [
      { op: 'moveBlock', section: from.section, from: from.index, toSection: to.section, to: to.index },
    ]);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${labelOf(doc, String(active.id))}.`,
          onDragOver: ({ active, over }) =>
            over ? `${labelOf(doc, String(active.id))} is over ${labelOf(doc, String(over.id))}.` : '',
          onDragEnd: ({ active, over }) => (over ? `Moved ${labelOf(doc, String(active.id))}.` : 'Move cancelled.'),
          onDragCancel: () => 'Move cancelled.',
        },
      }}
    >
      <ol className="ed-layers">
        {doc.sections.map((section, s) => (
          <li key={section.id}>
            <button
              type="button"
              className="ed-layer ed-layer--section"
              aria-current={selection?.id === section.id ? 'true' : undefined}
              onClick={() => select({ kind: 'section', id: section.id })}
            >
              Section {s + 1} ({section.blocks.length}/{EDITOR_LIMITS.maxBlocksPerLayout})
            </button>
            <SectionBlocks blocks={section.blocks} selectedId={selection?.id} select={select} />
          </li>
        ))}
      </ol>
    </DndContext>
  );
}

function labelOf(doc: PageDoc, id: string): string {
  const path = findBlock(doc, id);
  const block = path ? doc.sections[path.section]?.blocks[path.index] : undefined;
  return block ? `${blockLabel(block)} block` : 'block';
}

/**
 * One section's sortable blocks. The id list is kept stable while only block contents change, and
 * items are memoised by block, so typing in a block re-renders one row, not sixty.
 */
function SectionBlocks({
  blocks,
  selectedId,
  select,
}: {
  blocks: Block[];
  selectedId: string | undefined;
  select: LayersProps['select'];
}) {
  const idsKey = blocks.map((b) => b.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changes exactly when idsKey does
  const ids = useMemo(() => blocks.map((b) => b.id), [idsKey]);
  const onSelect = useCallback((id: string) => select({ kind: 'block', id }), [select]);
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <ol>
        {blocks.map((block) => (
          <LayerItem key={block.id} block={block} selected={selectedId === block.id} onSelect={onSelect} />
        ))}
      </ol>
    </SortableContext>
  );
}

const LayerItem = memo(function LayerItem({
  block,
  selected,
  onSelect,
}: {
  block: Block;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  return (
    <li
      ref={setNodeRef}
      className="ed-layer-row"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : undefined }}
    >
      <button
        type="button"
        className="ed-drag"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${blockLabel(block)} block`}
      >
        ⠿
      </button>
      <button
        type="button"
        className="ed-layer"
        data-block-id={block.id}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(block.id)}
      >
        {blockLabel(block)}: {summaryOf(block)}
      </button>
    </li>
  );
});
