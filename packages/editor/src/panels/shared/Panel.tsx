import type { ReactNode } from 'react';

/** The frame every panel shares: a heading, optional actions at the right, an alert line and the body. */
export function Panel(props: {
  title: string;
  actions?: ReactNode;
  error?: string;
  onDismissError?: () => void;
  status?: string;
  children: ReactNode;
}) {
  return (
    <section className="ed-panel" aria-labelledby="ed-panel-title">
      <header className="ed-panel__head">
        <h1 id="ed-panel-title">{props.title}</h1>
        <div className="ed-panel__actions">{props.actions}</div>
      </header>
      {props.error && (
        <div className="ed-error" role="alert">
          {props.error}{' '}
          {props.onDismissError && (
            <button type="button" onClick={props.onDismissError}>
              Dismiss
            </button>
          )}
        </div>
      )}
      <div className="ed-sr" role="status" aria-live="polite">
        {props.status}
      </div>
      <div className="ed-panel__body">{props.children}</div>
    </section>
  );
}
