import { POPUP_POSITION_NAMES, popupPositionLabel } from '@tessera/core';
import { useRef } from 'react';
import { movePosition } from './position-grid.js';

/**
 * The popup's position as SPEC's 3×3 grid: one radio group whose cells are radios. Only the
 * chosen cell is in the tab order; the arrow keys move the choice in two dimensions (Home and End
 * to the corners), as a radio group does.
 */
export function PositionGrid(props: { value: string; onChange: (position: string) => void }) {
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const choose = (position: string) => {
    props.onChange(position);
    cells.current.get(position)?.focus();
  };

  return (
    <div className="ed-popup-grid__wrap">
      <span id="ed-popup-grid-label" className="ed-popup-grid__label">
        Position
      </span>
      <div
        role="radiogroup"
        aria-labelledby="ed-popup-grid-label"
        className="ed-popup-grid"
        onKeyDown={(event) => {
          const next = movePosition(props.value, event.key);
          if (!next) return;
          event.preventDefault();
          choose(next);
        }}
      >
        {POPUP_POSITION_NAMES.map((position) => {
          const checked = position === props.value;
          return (
            <button
              key={position}
              ref={(node) => {
                if (node) cells.current.set(position, node);
                else cells.current.delete(position);
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={popupPositionLabel(position)}
              tabIndex={checked ? 0 : -1}
              className="ed-popup-grid__cell"
              data-position={position}
              onClick={() => choose(position)}
            >
              <span className="ed-popup-grid__dot" aria-hidden="true" />
            </button>
          );
        })}
      </div>
      <span className="ed-hint" aria-hidden="true">
        {popupPositionLabel(props.value)}
      </span>
    </div>
  );
}
