import { type KeyboardEvent, useId, useLayoutEffect, useRef } from 'react';

export interface DialogProps {
  title: string;
  message: string;
  /** Label of the confirming button ('OK' when alone). */
  confirmLabel?: string;
  /** When given the dialog asks a question: a cancel button appears and Escape cancels. */
  cancelLabel?: string;
  onConfirm(): void;
  onCancel?(): void;
}

const backdropStyle = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '16px',
  background: 'rgba(17, 17, 17, 0.45)',
} as const;

const panelStyle = {
  maxWidth: '420px',
  width: '100%',
  padding: '24px',
  borderRadius: 'var(--radius-lg, 14px)',
  background: 'var(--color-surface, #fff)',
  color: 'var(--color-text, #1d1b18)',
  boxShadow: '0 12px 40px rgba(0, 0, 0, 0.25)',
} as const;

/**
 * A modal alert (role=alertdialog): takes focus, keeps Tab inside, closes on Escape and
 * gives focus back to whatever had it before.
 */
export function Dialog({ title, message, confirmLabel = 'OK', cancelLabel, onConfirm, onCancel }: DialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // Before the first paint, so a key pressed as the dialog appears reaches it.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    confirmButton.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      (onCancel ?? onConfirm)();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>('button')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="tessera-dialog-backdrop" style={backdropStyle}>
      <div
        ref={panel}
        className="tessera-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        style={panelStyle}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="tessera-dialog__title" style={{ margin: '0 0 8px', fontSize: '1.2rem' }}>
          {title}
        </h2>
        <p id={`${id}-message`} className="tessera-dialog__message" style={{ margin: '0 0 20px' }}>
          {message}
        </p>
        <div className="tessera-dialog__actions" style={{ display: 'flex', gap: '8px', justifyContent: 'flex-end' }}>
          {cancelLabel && onCancel ? (
            <button type="button" className="tessera-dialog__cancel button button--secondary" onClick={onCancel}>
              {cancelLabel}
            </button>
          ) : null}
          <button
            ref={confirmButton}
            type="button"
            className="tessera-dialog__confirm button button--primary"
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
