import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem {
  id: string;
  label: string;
}

/**
 * A tab list in the ARIA pattern: the chosen tab is the one stop for Tab, arrow keys, Home and End
 * move and choose. Tab panels refer to `${idPrefix}-tab-${id}` and are `${idPrefix}-panel-${id}`.
 */
export function Tabs(props: {
  label: string;
  idPrefix: string;
  items: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const index = props.items.findIndex((item) => item.id === props.selected);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = props.items.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    props.onSelect(props.items[next].id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={props.label} className="ds-tabs" ref={list} onKeyDown={onKeyDown}>
      {props.items.map((item) => {
        const selected = item.id === props.selected;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${props.idPrefix}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${props.idPrefix}-panel-${item.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => props.onSelect(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel(props: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`${props.idPrefix}-panel-${props.id}`}
      aria-labelledby={`${props.idPrefix}-tab-${props.id}`}
      className="ds-tabpanel"
    >
      {props.children}
    </div>
  );
}
