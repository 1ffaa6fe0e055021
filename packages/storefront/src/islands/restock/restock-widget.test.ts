// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../api.js';
import { createRestockWidget, type RestockPayload } from './restock-widget.js';

// The markup of the `product-restock-notification` formatter (one sold-out variant).
function widgetMarkup(withCaptcha: boolean): HTMLElement {
  document.body.innerHTML = `
<div class="product-restock-notification" data-product-id="p1" data-variant-id="v2">
  <span class="product-restock-cta">Get notified by email when this product is back in stock.</span>
  <form class="product-restock-form" action="#">
    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="Email address">
    <input class="sqs-editable-button" type="submit" value="Notify me">
  </form>
  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList" checked>News</label>
  ${withCaptcha ? '<div class="captcha-container"></div>' : ''}
</div>`;
  return document.querySelector<HTMLElement>('.product-restock-notification')!;
}

function recorder(answer: ApiResult<unknown>) {
  const calls: RestockPayload[] = [];
  const post = async (payload: RestockPayload) => {
    calls.push(payload);
    return answer;
  };
  return { calls, post };
}

const OK: ApiResult<unknown> = { ok: true, status: 201, data: {} };
const errorText = (root: HTMLElement) => root.querySelector('.product-restock-error')?.textContent ?? null;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('restock widget', () => {
  it('shows the SPEC messages for a blank or bad email and clears them at the next submit', async () => {
    const root = widgetMarkup(false);
    const api = recorder(OK);
    const widget = createRestockWidget(root, { win: window, post: api.post });
    await widget.submit();
    expect(errorText(root)).toBe('Email cannot be blank');
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'nope@';
    await widget.submit();
    expect(errorText(root)).toBe('Email is invalid');
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = `${'a'.repeat(252)}@b.co`;
    await widget.submit();
    expect(errorText(root)).toBe('Email is invalid');
    expect(api.calls).toEqual([]);
  });

  it('posts the SPEC payload and replaces the content with the success text, keeping the call to action', async () => {
    const root = widgetMarkup(false);
    const api = recorder(OK);
    const widget = createRestockWidget(root, {
      win: window,
      post: api.post,
      storeSettings: { restockNotificationsSuccessText: '' },
    });
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = ' Ann@Example.com ';
    await widget.submit();
    expect(api.calls).toEqual([
      { isJoinMailingList: true, productId: 'p1', siteVisitorEmail: 'Ann@Example.com', variantId: 'v2' },
    ]);
    expect([...root.children].map((c) => c.className)).toEqual(['product-restock-cta', 'product-restock-success']);
    expect(root.querySelector('.product-restock-success')?.textContent).toBe('Signed up!');
  });

  it('uses the store text on success', async () => {
    const root = widgetMarkup(false);
    const widget = createRestockWidget(root, {
      win: window,
      post: recorder(OK).post,
      storeSettings: { restockNotificationsSuccessText: 'We will write to you.' },
    });
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'ann@example.com';
    await widget.submit();
    expect(root.querySelector('.product-restock-success')?.textContent).toBe('We will write to you.');
  });

  it('asks for the captcha before posting, then shows the server message and resets the captcha on failure', async () => {
    const root = widgetMarkup(true);
    const api = recorder({
      ok: false,
      status: 400,
      body: { error: 'x', message: 'The server says no.' },
      network: false,
    });
    const widget = createRestockWidget(root, { win: window, post: api.post, fetchChallenge: async () => null });
    expect(root.querySelector('.tessera-captcha__check')).not.toBeNull();
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'ann@example.com';
    await widget.submit();
    expect(errorText(root)).toBe('Complete CAPTCHA before submitting.');
    expect(api.calls).toEqual([]);
  });

  it('shows the server message on failure and keeps the form for another try', async () => {
    const root = widgetMarkup(false);
    const api = recorder({
      ok: false,
      status: 400,
      body: { error: 'x', message: 'The server says no.' },
      network: false,
    });
    const widget = createRestockWidget(root, { win: window, post: api.post });
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'ann@example.com';
    await widget.submit();
    expect(errorText(root)).toBe('The server says no.');
    expect(root.querySelector('form')).not.toBeNull();
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = '';
    await widget.submit();
    expect(errorText(root)).toBe('Email cannot be blank');
  });
});
