import type { PopupForm } from './popup-form.js';

/**
 * A small picture of a visitor's window with the popup where the theme will put it: the same
 * `popup-overlay--<position>` cell, heading, text, picture and button, updated on every keystroke.
 */
export function PopupPreview({ popup }: { popup: PopupForm }) {
  return (
    <figure className="ed-popup-preview" aria-label="Preview of the popup on a page">
      <div className="ed-popup-preview__page">
        <span className="ed-popup-preview__bar" aria-hidden="true" />
        <span className="ed-popup-preview__line" aria-hidden="true" />
        <span className="ed-popup-preview__line ed-popup-preview__line--short" aria-hidden="true" />
        <span className="ed-popup-preview__line" aria-hidden="true" />
        {popup.enabled ? (
          <div
            className={`ed-popup-preview__card ed-popup-preview__card--${popup.position}`}
            data-position={popup.position}
          >
            {popup.imageUrl && <img src={popup.imageUrl} alt={popup.imageAlt} width={192} height={108} />}
            <strong>{popup.title || 'Popup heading'}</strong>
            {popup.body && <p>{popup.body}</p>}
            {popup.buttonUrl && popup.buttonLabel && (
              <span className="ed-popup-preview__button">{popup.buttonLabel}</span>
            )}
          </div>
        ) : (
          <p className="ed-popup-preview__off">The popup is off: visitors do not see it.</p>
        )}
      </div>
      <figcaption className="ed-hint">Preview</figcaption>
    </figure>
  );
}
