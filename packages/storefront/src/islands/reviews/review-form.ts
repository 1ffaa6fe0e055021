import type { ReviewFields, ReviewPostedAnswer } from '@tessera/core/contracts/reviews';
import { type ApiResult, requestJson } from '../../api.js';
import type { IslandEnv } from '../../island-env.js';
import type { CaptchaChallenge } from '../forms/captcha-solver.js';
import { appendCaptchaControls, type CaptchaWidget, createCaptchaWidget } from '../forms/captcha-widget.js';

/** What the form sends to `POST /api/reviews/products/:itemId` (the contract's `reviewFields`). */
export type ReviewPayload = Pick<ReviewFields, 'rating' | 'title' | 'body' | 'name' | 'captchaKey'> & {
  /** Chosen photos with what each shows; sent as multipart form data (`photos`, `photoAlt`). */
  photos?: { file: File; alt: string }[];
};

export interface ReviewFormOptions {
  win: Window;
  post?(itemId: string, payload: ReviewPayload, xsrfToken: string): Promise<ApiResult<ReviewPostedAnswer>>;
  fetchChallenge?(): Promise<CaptchaChallenge | null>;
}

export const REVIEW_FORM_TEXT = Object.freeze({
  awaiting: 'Thank you! Your review was received and appears here once the shop has approved it.',
  captchaNeeded: 'Tick the check box first.',
  network: 'Your review could not be sent. Please check your internet connection and try again.',
  fallback: 'Something went wrong. Please try again.',
});

let captchaIds = 0;

/** The post as the server reads it: JSON, or multipart form data when photos come with it. */
export function reviewBody(payload: ReviewPayload): ReviewPayload | FormData {
  const { photos = [], ...fields } = payload;
  if (photos.length === 0) return fields;
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, String(value));
  for (const photo of photos) {
    body.append('photos', photo.file, photo.file.name);
    body.append('photoAlt', photo.alt);
  }
  return body;
}

const postReview = (itemId: string, payload: ReviewPayload, xsrfToken: string) =>
  requestJson<ReviewPostedAnswer>('POST', `/api/reviews/products/${encodeURIComponent(itemId)}`, reviewBody(payload), {
    headers: { 'X-XSRF-Token': xsrfToken },
  });

/** The chosen photos, each with the alt text typed beside its input (inputs left empty are skipped). */
function chosenPhotos(form: HTMLFormElement): { file: File; alt: string }[] {
  const alts = [...form.querySelectorAll<HTMLInputElement>('input[name="photoAlt"]')];
  return [...form.querySelectorAll<HTMLInputElement>('input[type="file"][name="photos"]')].flatMap((input, i) => {
    const file = input.files?.[0];
    return file ? [{ file, alt: alts[i]?.value.trim() ?? '' }] : [];
  });
}

const challengeOfSite = async () => {
  const answer = await requestJson<CaptchaChallenge>('GET', '/api/form/captcha-challenge');
  return answer.ok ? answer.data : null;
};

/**
 * The product page's review form (`[data-island="review-form"]`, rendered for a signed-in site user
 * who may review): posts the review as JSON with the session's XSRF token (multipart form data
 * when photos are attached), shows the server's message as it is, shows the self-hosted captcha
 * (the forms' widget) once the server says one is due, and on success says the review awaits
 * approval. Without JavaScript the same form posts itself to the server's form route.
 */
export function mountReviewForm(root: HTMLElement, options: ReviewFormOptions): { submit(): Promise<void> } | null {
  const form = root.querySelector<HTMLFormElement>('form');
  const itemId = root.dataset.itemId ?? '';
  if (!form || !itemId) return null;
  const error = form.querySelector<HTMLElement>('.review-write__error');
  const captchaBox = form.querySelector<HTMLElement>('.review-write__captcha');
  const done = root.querySelector<HTMLElement>('.review-write__done');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const post = options.post ?? postReview;
  const fetchChallenge = options.fetchChallenge ?? challengeOfSite;
  let captcha: CaptchaWidget | undefined;
  let busy = false;

  const showError = (text: string | undefined) => {
    if (!error) return;
    error.textContent = text ?? '';
    error.hidden = !text;
  };

  const showCaptcha = () => {
    if (captcha || !captchaBox) return;
    captchaBox.hidden = false;
    appendCaptchaControls(captchaBox, `tessera-review-captcha-${++captchaIds}`);
    captcha = createCaptchaWidget(captchaBox, { win: options.win, fetchChallenge });
  };

  const submit = async () => {
    if (busy) return;
    showError(undefined);
    captcha?.showError(undefined);
    const fields = new FormData(form);
    const name = String(fields.get('name') ?? '').trim();
    const photos = chosenPhotos(form);
    const payload: ReviewPayload = {
      rating: Number(fields.get('rating') ?? 0),
      title: String(fields.get('title') ?? ''),
      body: String(fields.get('body') ?? ''),
      ...(name ? { name } : {}),
      ...(photos.length ? { photos } : {}),
    };
    if (captcha) {
      const token = captcha.token();
      if (!token) {
        captcha.showError(REVIEW_FORM_TEXT.captchaNeeded);
        return;
      }
      payload.captchaKey = token;
    }
    busy = true;
    if (button) button.disabled = true;
    root.dataset.reviewState = 'sending';
    const answer = await post(itemId, payload, String(fields.get('xsrfToken') ?? ''));
    busy = false;
    if (button) button.disabled = false;
    if (answer.ok) {
      captcha?.destroy();
      form.remove();
      if (done) {
        done.textContent = REVIEW_FORM_TEXT.awaiting;
        done.hidden = false;
      }
      root.dataset.reviewState = 'sent';
      return;
    }
    root.dataset.reviewState = 'error';
    // A used answer is never sent twice: the widget starts over after any refusal.
    captcha?.reset();
    const body = answer.body as (typeof answer.body & { captchaRequired?: unknown }) | undefined;
    if (body?.captchaRequired === true) showCaptcha();
    showError(answer.network ? REVIEW_FORM_TEXT.network : body?.message || REVIEW_FORM_TEXT.fallback);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  // The server's messages, not the browser's bubbles, once the island posts the form (without
  // JavaScript the browser checks the fields and the form posts itself).
  form.noValidate = true;
  form.hidden = false;
  root.dataset.reviewState = 'ready';
  return { submit };
}

/** The island entry: makes the review form live. */
export function mountReviewFormIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  return Promise.resolve(mountReviewForm(root, { win: env.win }) !== null);
}
