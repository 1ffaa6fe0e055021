import type { ReactNode } from 'react';
import type { EditableListState, Keyed } from './editable-list.js';
import { SaveActions } from './SaveActions.js';

/**
 * A list edited in place and saved as a whole: a hint, each row in its own numbered fieldset with
 * a Remove button, then Add and Save with the save's outcome.
 */
export function EditableList<R extends object>(props: {
  list: EditableListState<R>;
  /** What one row is, capitalised ("Tax rule"): the legend, "Remove tax rule 2", "Add tax rule". */
  itemLabel: string;
  hint: ReactNode;
  empty: string;
  blank: () => R;
  saveLabel: string;
  saver: { saving: boolean; error: string; status: string };
  /** The message that belongs to the whole list, under the rows. */
  listMessage?: ReactNode;
  onSubmit: () => void;
  renderRow: (row: Keyed<R>, index: number) => ReactNode;
}) {
  const { list, saver } = props;
  const item = props.itemLabel.toLowerCase();
  return (
    <form
      className="ed-store-list"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <p className="ed-hint">{props.hint}</p>
      {list.rows.length === 0 && <p className="ed-empty">{props.empty}</p>}
      {list.rows.map((row, i) => (
        <fieldset key={row.key} className="ed-card ed-store-row">
          <legend>{`${props.itemLabel} ${i + 1}`}</legend>
          {props.renderRow(row, i)}
          <button type="button" onClick={() => list.remove(row.key)}>
            {`Remove ${item} ${i + 1}`}
          </button>
        </fieldset>
      ))}
      {props.listMessage}
      <SaveActions
        addLabel={`Add ${item}`}
        onAdd={() => list.add(props.blank())}
        saveLabel={props.saveLabel}
        saving={saver.saving}
        error={saver.error}
        status={saver.status}
      />
    </form>
  );
}
