import { useEffect, useId, useRef } from 'react';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  text: string;
  /** The confirming button's name, saying what happens (e.g. "Discard draft"). */
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question before something that cannot be undone: Escape or the cancel button keeps things as they are. */
export function ConfirmDialog({ title, text, confirm, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="ed-dialog ed-dialog--confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="ed-dialog__actions">
        <button type="button" className="ed-danger" onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" ref={cancel} onClick={onCancel}>
          Keep editing
        </button>
      </div>
    </div>
  );
}
