import { type FormFieldDefinition, type FormFieldValue, validateSubmission } from '@tessera/core';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AdditionalFieldsForm as PublishedForm } from '@tessera/core/contracts/forms';
import { requestJson } from '../../api.js';
import { FieldControl } from './additional-fields-fields.js';

/** SPEC §2: the lightbox keeps this margin above and below when it is taller than the window. */
export const LIGHTBOX_MARGIN_PX = 50;
const FORMS_STYLESHEET = '/theme/forms.css';

/**
 * A product's additional-fields form: as GET /api/rest/forms/additional-fields answers it, or the copy in
 * the product's JSON, which may have no name.
 */
export type AdditionalFieldsForm = Omit<PublishedForm, 'name'> & { name?: string };

export interface LightboxProps {
  form: AdditionalFieldsForm;
  initialValues: Record<string, FormFieldValue>;
  win: Window;
  /** Checks the values on the server too; answers its field errors, or null when it accepts them. */
  validateRemotely(values: Record<string, FormFieldValue>): Promise<Record<string, string> | null>;
  onSave(values: Record<string, FormFieldValue>): void;
  onClose(): void;
}

/** Whether the panel is taller than the window: then it scrolls with a 50 px margin, else it is centred. */
export function lightboxFit(panelHeight: number, windowHeight: number): 'tall' | 'centred' {
  return panelHeight > windowHeight ? 'tall' : 'centred';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The product additional-fields form in a modal lightbox (SPEC §2): a close control, Escape
 * closes, focus stays inside and page scroll is locked while open; its vertical margin is 50 px
 * when the content is taller than the window, otherwise it is centred.
 */
export function AdditionalFieldsLightbox({
  form,
  initialValues,
  win,
  validateRemotely,
  onSave,
  onClose,
}: LightboxProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [fit, setFit] = useState<'tall' | 'centred'>('centred');

  useLayoutEffect(() => {
    const measure = () => {
      if (panel.current) setFit(lightboxFit(panel.current.offsetHeight, win.innerHeight));
    };
    measure();
    win.addEventListener('resize', measure);
    return () => win.removeEventListener('resize', measure);
  });

  const close = useRef(onClose);
  close.current = onClose;
  // Before the first paint: the lightbox shows with the focus already in it, and Escape closes it
  // from then on, wherever the focus is (a key pressed as it appears is not lost).
  useLayoutEffect(() => {
    const doc = win.document;
    const previous = doc.activeElement as HTMLElement | null;
    const overflow = doc.documentElement.style.overflow;
    doc.documentElement.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close.current();
    };
    doc.addEventListener('keydown', onEscape);
    return () => {
      doc.removeEventListener('keydown', onEscape);
      doc.documentElement.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [win]);

  // A press on the backdrop, outside the panel, closes the lightbox.
  useEffect(() => {
    const backdrop = overlay.current;
    if (!backdrop) return;
    const onPress = (event: MouseEvent) => {
      if (event.target === backdrop) onClose();
    };
    backdrop.addEventListener('mousedown', onPress);
    return () => backdrop.removeEventListener('mousedown', onPress);
  }, [onClose]);

  const save = async () => {
    if (saving) return;
    const checked = validateSubmission(form.fields, values);
    if (!checked.ok) {
      setErrors(checked.kind === 'fields' ? checked.errors : {});
      return;
    }
    setSaving(true);
    const remote = await validateRemotely(checked.values);
    setSaving(false);
    if (remote && Object.keys(remote).length > 0) {
      setErrors(remote);
      return;
    }
    onSave(checked.values);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && win.document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && win.document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const tall = fit === 'tall';
  return (
    <div
      ref={overlay}
      className="tessera-lightbox"
      data-fit={fit}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        overflowY: 'auto',
        display: 'flex',
        justifyContent: 'center',
        alignItems: tall ? 'flex-start' : 'center',
        padding: '0 16px',
        background: 'rgba(17, 17, 17, 0.45)',
      }}
    >
      <div
        ref={panel}
        className="tessera-lightbox__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: '560px',
          margin: tall ? `${LIGHTBOX_MARGIN_PX}px 0` : '0',
          padding: '32px 28px 28px',
          borderRadius: 'var(--field-radius, 8px)',
          background: 'var(--color-surface, #fff)',
          color: 'var(--color-text, #1a1a1a)',
          boxShadow: '0 12px 40px rgba(0, 0, 0, 0.25)',
        }}
      >
        <button
          type="button"
          className="tessera-lightbox__close"
          aria-label="Close"
          onClick={onClose}
          style={{
            position: 'absolute',
            top: '8px',
            right: '8px',
            width: '40px',
            height: '40px',
            border: 0,
            background: 'transparent',
            fontSize: '1.6rem',
            lineHeight: 1,
            cursor: 'pointer',
            color: 'inherit',
          }}
        >
          ×
        </button>
        <h2 id={titleId} style={{ margin: '0 0 20px', fontSize: '1.3rem' }}>
          {form.name || 'Additional information'}
        </h2>
        <form
          className="tessera-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="tessera-form__fields">
            {form.fields.map((field) => (
              <FieldControl
                key={field.id}
                field={field}
                value={values[field.id]}
                error={errors[field.id]}
                idPrefix={`${titleId}-field`}
                onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
              />
            ))}
          </div>
          <div className="tessera-form__actions">
            <button className="tessera-form__submit button button--primary" type="submit" aria-disabled={saving}>
              {form.submitButtonText || 'Save'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function ensureStylesheet(doc: Document): void {
  if (doc.querySelector(`link[data-tessera-forms-css]`)) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = FORMS_STYLESHEET;
  link.dataset.tesseraFormsCss = '';
  doc.head.append(link);
}

/** Parses an entry's stored additional fields (values keyed by field id) for editing. */
export function parseAdditionalFields(text: string | null | undefined): Record<string, FormFieldValue> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, FormFieldValue>)
      : {};
  } catch {
    return {};
  }
}

async function validateOnServer(formId: string, values: Record<string, FormFieldValue>) {
  const result = await requestJson<unknown>('POST', `/api/rest/forms/validate/${encodeURIComponent(formId)}`, values);
  if (result.ok || result.status !== 400) return null;
  const errors = (result.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : null;
}

/**
 * Opens the lightbox over the page and resolves with the values as the JSON string the cart
 * stores (`additionalFields`), or null when the visitor closes it.
 */
export function openAdditionalFieldsLightbox(
  form: AdditionalFieldsForm,
  options: { win: Window; initial?: string | null },
): Promise<string | null> {
  const doc = options.win.document;
  ensureStylesheet(doc);
  const host = doc.createElement('div');
  host.className = 'tessera-lightbox-host';
  doc.body.append(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    let finished = false;
    const finish = (result: string | null) => {
      if (finished) return;
      finished = true;
      root.unmount();
      host.remove();
      resolve(result);
    };
    root.render(
      <AdditionalFieldsLightbox
        form={form}
        initialValues={parseAdditionalFields(options.initial)}
        win={options.win}
        validateRemotely={(values) => validateOnServer(form.id, values)}
        onSave={(values) => finish(JSON.stringify(values))}
        onClose={() => finish(null)}
      />,
    );
  });
}
