// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdditionalFieldsForm,
  LIGHTBOX_MARGIN_PX,
  lightboxFit,
  openAdditionalFieldsLightbox,
  parseAdditionalFields,
} from './additional-fields-lightbox.js';

const MUG: AdditionalFieldsForm = {
  id: 'mug-personalisation',
  name: 'Personalise your mug',
  fields: [
    { id: 'name-to-print', type: 'text', title: 'Name to print', required: true },
    { id: 'gift-note', type: 'textarea', title: 'Gift note', maxLength: 10 },
  ],
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setInput(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('lightboxFit', () => {
  it('keeps a 50 px margin only when the content is taller than the window', () => {
    expect(LIGHTBOX_MARGIN_PX).toBe(50);
    expect(lightboxFit(900, 800)).toBe('tall');
    expect(lightboxFit(400, 800)).toBe('centred');
  });
});

describe('parseAdditionalFields', () => {
  it('reads stored values and ignores anything else', () => {
    expect(parseAdditionalFields('{"a":"b"}')).toEqual({ a: 'b' });
    expect(parseAdditionalFields('[1]')).toEqual({});
    expect(parseAdditionalFields('nope')).toEqual({});
    expect(parseAdditionalFields(null)).toEqual({});
  });
});

describe('additional-fields lightbox', () => {
  it('closes on Escape and with the close control, resolving null', async () => {
    const first = openAdditionalFieldsLightbox(MUG, { win: window });
    await flush();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await vi.waitFor(() => expect(document.documentElement.style.overflow).toBe('hidden'));
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(await first).toBeNull();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');

    const second = openAdditionalFieldsLightbox(MUG, { win: window });
    await flush();
    document.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
    expect(await second).toBeNull();
  });

  it('has the focus and answers Escape as soon as it is in the page, wherever the focus is', async () => {
    // Seen from a mutation observer, that is right after the lightbox is put in the page and before
    // anything painted: a visitor's Escape at once is not lost behind the focus moving in later.
    let focused: string | undefined;
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (focused !== undefined || !dialog) return;
      focused = dialog.contains(document.activeElement) ? (document.activeElement?.id ?? '') : 'outside';
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const opened = openAdditionalFieldsLightbox(MUG, { win: window });
    await vi.waitFor(() => expect(focused).toBeDefined());
    observer.disconnect();
    expect(focused).toMatch(/-field-name-to-print$/);
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(await opened).toBeNull();
  });

  it('shows errors above the fields, then saves the values (prefilled when editing)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ valid: true, errors: {} }), { status: 200 })),
    );
    const saved = openAdditionalFieldsLightbox(MUG, { win: window, initial: '{"gift-note":"Hi"}' });
    await flush();
    const textarea = document.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(textarea.value).toBe('Hi');
    document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await flush();
    const error = document.querySelector<HTMLElement>('[data-field-id="name-to-print"] .tessera-field__error')!;
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe('Required');
    setInput(document.querySelector<HTMLInputElement>('input')!, 'Rosa');
    await flush();
    document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    expect(JSON.parse((await saved) ?? 'null')).toEqual({ 'name-to-print': 'Rosa', 'gift-note': 'Hi' });
  });
});
