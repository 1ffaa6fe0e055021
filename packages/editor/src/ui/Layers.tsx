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
import type { EditorState } from '../model/commands.js';
import { type Block, blockLabel, type PageDoc } from '../model/document.js';
import { findBlock, type Operation } from '../model/operations.js';

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
            <SortableContext items={section.blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
              <ol>
                {section.blocks.map((block) => (
                  <LayerItem
                    key={block.id}
                    block={block}
                    selected={selection?.id === block.id}
                    onSelect={() => select({ kind: 'block', id: block.id })}
                  />
                ))}
              </ol>
            </SortableContext>
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

function LayerItem({ block, selected, onSelect }: { block: Block; selected: boolean; onSelect: () => void }) {
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
        onClick={onSelect}
      >
        {blockLabel(block)}: {summaryOf(block)}
      </button>
    </li>
  );
}
