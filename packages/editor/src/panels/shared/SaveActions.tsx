/** Save (and Add, for a list) under a form, with the save's outcome announced. */
export function SaveActions(props: {
  addLabel?: string;
  onAdd?: () => void;
  saveLabel: string;
  saving: boolean;
  error: string;
  status: string;
}) {
  return (
    <div className="ed-store-actions">
      {props.addLabel && (
        <button type="button" onClick={props.onAdd}>
          {props.addLabel}
        </button>
      )}
      <button type="submit" className="ed-primary" disabled={props.saving}>
        {props.saving ? 'Saving…' : props.saveLabel}
      </button>
      {props.error && (
        <span className="ed-field-error" role="alert">
          {props.error}
        </span>
      )}
      <span role="status" className="ed-store-status">
        {props.status}
      </span>
    </div>
  );
}
