import { PROMOTED_BLOCK_TYPES } from '@tessera/core';
import { BLOCK_KINDS, type BlockKind } from '../model/document.js';

/** Promoted types first (SPEC §9), then the rest in their usual order. */
export const MENU_KINDS: readonly BlockKind[] = [...BLOCK_KINDS].sort((a, b) => {
  const rank = (type: number) => {
    const i = PROMOTED_BLOCK_TYPES.indexOf(type);
    return i < 0 ? PROMOTED_BLOCK_TYPES.length : i;
  };
  return rank(a.type) - rank(b.type);
});

/**
 * The add-block menu of the page editor (Inspector) and of the post screen (PostBlocks): every block
 * kind the editor makes; choosing one adds it (model/commands.ts's addBlockEdit) and the menu resets.
 */
export function AddBlockMenu({ disabled, onAdd }: { disabled: boolean; onAdd: (kind: BlockKind) => void }) {
  return (
    <label>
      Add block
      <select
        value=""
        aria-label="Add block"
        disabled={disabled}
        onChange={(e) => {
          const kind = BLOCK_KINDS.find((k) => k.key === e.target.value);
          e.target.value = '';
          if (kind) onAdd(kind);
        }}
      >
        <option value="">Choose a block…</option>
        {MENU_KINDS.map((k) => (
          <option key={k.key} value={k.key}>
            {k.label}
          </option>
        ))}
      </select>
    </label>
  );
}
