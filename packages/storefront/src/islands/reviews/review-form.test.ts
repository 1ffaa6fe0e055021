// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../api.js';
import type { ReviewPostedAnswer } from '@tessera/core/contracts/reviews';
import { mountReviewForm, REVIEW_FORM_TEXT, type ReviewPayload, reviewBody } from './review-form.js';

// The markup of the product page's review form (themes/default/templates/products.item.jsont).
function formMarkup(): HTMLElement {
  document.body.innerHTML = `
<div class="review-write" data-island="review-form" data-item-id="item-1">
  <form class="review-write__form" hidden>
    <input type="hidden" name="xsrfToken" value="xsrf-1">
    <label><input type="radio" name="rating" value="5"> 5 stars</label>
    <label><input type="radio" name="rating" value="4"> 4 stars</label>
    <input name="title"><textarea name="body"></textarea><input name="name" value="Ada">
    <input type="file" name="photos"><input name="photoAlt">
    <input type="file" name="photos"><input name="photoAlt">
    <div class="tessera-captcha review-write__captcha" hidden></div>
    <p class="review-write__error" role="alert" hidden></p>
    <button type="submit">Send review</button>
  </form>
  <p class="review-write__done" role="status" hidden></p>
</div>`;
  return document.querySelector<HTMLElement>('[data-island="review-form"]')!;
}

function fill(root: HTMLElement) {
  root.querySelector<HTMLInputElement>('input[value="4"]')!.checked = true;
  root.querySelector<HTMLInputElement>('input[name="title"]')!.value = 'Fits well';
  root.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!.value = 'Soft linen, true to size.';
}

function recorder(...answers: ApiResult<ReviewPostedAnswer>[]) {
  const calls: { itemId: string; payload: ReviewPayload; xsrf: string }[] = [];
  const post = async (itemId: string, payload: ReviewPayload, xsrf: string) => {
    calls.push({ itemId, payload, xsrf });
    return answers[Math.min(calls.length - 1, answers.length - 1)]!;
  };
  return { calls, post };
}

const refused = (body: Record<string, unknown>, status = 400): ApiResult<ReviewPostedAnswer> => ({
  ok: false,
  status,
  body,
  network: false,
});
const errorText = (root: HTMLElement) => root.querySelector<HTMLElement>('.review-write__error')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('review form island', () => {
  it('shows the form, posts the fields with the XSRF token and then says the review awaits approval', async () => {
    const root = formMarkup();
    const api = recorder({ ok: true, status: 201, data: { reviewId: 'r1', status: 'pending' } });
    const form = mountReviewForm(root, { win: window, post: api.post })!;
    expect(root.querySelector('form')!.hidden).toBe(false);
    fill(root);
    await form.submit();
    expect(api.calls).toEqual([
      {
        itemId: 'item-1',
        xsrf: 'xsrf-1',
        payload: { rating: 4, title: 'Fits well', body: 'Soft linen, true to size.', name: 'Ada' },
      },
    ]);
    expect(root.querySelector('form')).toBeNull();
    const done = root.querySelector<HTMLElement>('.review-write__done')!;
    expect(done.hidden).toBe(false);
    expect(done.textContent).toBe(REVIEW_FORM_TEXT.awaiting);
  });

  it("shows the server's message as it is and keeps the form", async () => {
    const root = formMarkup();
    const message = 'Please write at least 10 characters about the product.';
    const api = recorder(refused({ error: 'invalid-input', message }));
    const form = mountReviewForm(root, { win: window, post: api.post })!;
    await form.submit();
    expect(errorText(root).hidden).toBe(false);
    expect(errorText(root).textContent).toBe(message);
    expect(root.querySelector('form')).not.toBeNull();
    expect(root.querySelector<HTMLElement>('.review-write__captcha')!.hidden).toBe(true);
  });

  it('shows the captcha widget when the server says one is due and does not post before it is solved', async () => {
    const root = formMarkup();
    const message = 'You have sent several reviews in a short time. Complete CAPTCHA before submitting.';
    const api = recorder(refused({ error: 'captcha-required', message, captchaRequired: true }));
    const form = mountReviewForm(root, { win: window, post: api.post, fetchChallenge: async () => null })!;
    fill(root);
    await form.submit();
    const box = root.querySelector<HTMLElement>('.review-write__captcha')!;
    expect(box.hidden).toBe(false);
    expect(box.querySelector('.tessera-captcha__check')).not.toBeNull();
    expect(errorText(root).textContent).toBe(message);
    await form.submit();
    expect(api.calls).toHaveLength(1);
    expect(box.querySelector('.tessera-captcha__error')!.textContent).toBe(REVIEW_FORM_TEXT.captchaNeeded);
  });

  it('lets the form post itself without the browser’s checks once mounted (the server’s messages show instead)', () => {
    const root = formMarkup();
    expect(root.querySelector('form')!.noValidate).toBe(false);
    mountReviewForm(root, { win: window, post: recorder().post });
    expect(root.querySelector('form')!.noValidate).toBe(true);
  });

  it('sends chosen photos with the alt text typed beside each, as multipart form data', async () => {
    const root = formMarkup();
    const api = recorder({ ok: true, status: 201, data: { reviewId: 'r1', status: 'pending' } });
    const form = mountReviewForm(root, { win: window, post: api.post })!;
    fill(root);
    // Only the second photo input has a file: it keeps its own alt text.
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'mug.png', { type: 'image/png' });
    const inputs = root.querySelectorAll<HTMLInputElement>('input[type="file"]');
    Object.defineProperty(inputs[1]!, 'files', { value: [photo] });
    const alts = root.querySelectorAll<HTMLInputElement>('input[name="photoAlt"]');
    alts[0]!.value = 'unused';
    alts[1]!.value = ' The mug on a shelf ';
    await form.submit();
    expect(api.calls[0]!.payload.photos).toEqual([{ file: photo, alt: 'The mug on a shelf' }]);

    const body = reviewBody(api.calls[0]!.payload);
    expect(body).toBeInstanceOf(FormData);
    const sent = body as FormData;
    expect(sent.get('rating')).toBe('4');
    expect(sent.get('title')).toBe('Fits well');
    expect(sent.getAll('photoAlt')).toEqual(['The mug on a shelf']);
    expect((sent.get('photos') as File).name).toBe('mug.png');
    // Without photos the post stays JSON.
    const { photos: _photos, ...plain } = api.calls[0]!.payload;
    expect(reviewBody(plain)).toEqual(plain);
  });

  it('says so when the network fails', async () => {
    const root = formMarkup();
    const api = recorder({ ok: false, status: 0, body: undefined, network: true });
    const form = mountReviewForm(root, { win: window, post: api.post })!;
    await form.submit();
    expect(errorText(root).textContent).toBe(REVIEW_FORM_TEXT.network);
  });
});
