import { POPUP_LIMITS } from '@tessera/core';
import type { PopupAnswer, PopupView } from '@tessera/core/contracts/popup';
import { useEffect, useId, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { ImagePicker } from '../blog/ImagePicker.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { PopupPreview } from './PopupPreview.js';
import { PositionGrid } from './PositionGrid.js';
import { checkPopupForm, formFromPopup, type PopupForm, popupBody } from './popup-form.js';
import './popup.css';

/**
 * The popup overlay (page type 104): its words, picture and button, on or off, and where it sits
 * on SPEC's 3×3 grid, with a preview that follows every change. Visitors see it after Save.
 */
export default function PopupPanel(_props: PanelProps) {
  const id = useId();
  const stored = useResource<PopupAnswer>('/api/config/popup');
  const [form, setForm] = useState<PopupForm | undefined>();
  const [saved, setSaved] = useState<PopupView | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (stored.data && !form) {
      setForm(formFromPopup(stored.data.popup));
      setSaved(stored.data.popup);
    }
  }, [stored.data, form]);

  if (!form) {
    return (
      <Panel title="Popup" error={stored.error}>
        <p className="ed-empty">Loading…</p>
      </Panel>
    );
  }
  const set = (patch: Partial<PopupForm>) => setForm({ ...form, ...patch });
  const dirty = saved ? JSON.stringify(popupBody(form)) !== JSON.stringify(popupBody(formFromPopup(saved))) : false;

  const save = async () => {
    const problems = checkPopupForm(form);
    setErrors(problems);
    setError('');
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const answer = await api<PopupAnswer>('PUT', '/api/config/popup', popupBody(form));
      setSaved(answer.popup);
      setForm(formFromPopup(answer.popup));
      setStatus(
        answer.popup.enabled ? 'Saved. Visitors see the popup on their next page.' : 'Saved. The popup is off.',
      );
    } catch (e) {
      const message = (e as Error).message;
      // The server names the field first ("title: Please enter …").
      const [, field, text] = (e instanceof ApiError && /^(\w+): (.*)$/.exec(message)) || [];
      if (field && text && field in form) setErrors({ [field]: text });
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  const text = (name: 'title' | 'buttonLabel' | 'buttonUrl', label: string, max: number, placeholder?: string) => (
    <div className="ed-form-row">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        value={form[name]}
        maxLength={max}
        placeholder={placeholder}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      {errors[name] && (
        <span className="ed-field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );

  return (
    <Panel
      title="Popup"
      error={error}
      onDismissError={() => setError('')}
      status={status}
      actions={
        <button type="button" className="ed-primary" disabled={busy || !dirty} onClick={() => void save()}>
          {busy ? 'Saving…' : dirty ? 'Save popup' : 'Saved'}
        </button>
      }
    >
      <div className="ed-popup">
        <form
          className="ed-popup__form"
          aria-label="Popup"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="ed-check">
            <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Show
            the popup to visitors
          </label>
          <p className="ed-hint">It appears on the site’s pages (not over the shop, cart or checkout).</p>
          {text('title', 'Heading', POPUP_LIMITS.titleMaxLength)}
          <div className="ed-form-row">
            <label htmlFor={`${id}-body`}>Text</label>
            <textarea
              id={`${id}-body`}
              rows={3}
              value={form.body}
              maxLength={POPUP_LIMITS.bodyMaxLength}
              onChange={(e) => set({ body: e.target.value })}
            />
          </div>
          {text('buttonLabel', 'Button text', POPUP_LIMITS.buttonLabelMaxLength)}
          {text('buttonUrl', 'Button link', 2083, '/contact')}
          <ImagePicker
            label="Image"
            url={form.imageUrl}
            altText={form.imageAlt}
            onChange={(imageUrl, imageAlt) => set({ imageUrl, imageAlt })}
          />
          <PositionGrid value={form.position} onChange={(position) => set({ position })} />
          <label className="ed-check">
            <input type="checkbox" checked={form.showAgain} onChange={(e) => set({ showAgain: e.target.checked })} />{' '}
            Show it again to visitors who already closed it
          </label>
          <button type="submit" className="ed-primary" disabled={busy || !dirty}>
            {busy ? 'Saving…' : 'Save popup'}
          </button>
        </form>
        <PopupPreview popup={form} />
      </div>
    </Panel>
  );
}
