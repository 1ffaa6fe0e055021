// The popup overlay as `GET/PUT /api/config/popup` sends it, and the popup editor's form.

import type { PopupView } from '@tessera/core/contracts/popup';

export interface PopupForm {
  enabled: boolean;
  position: string;
  title: string;
  body: string;
  buttonLabel: string;
  buttonUrl: string;
  imageUrl: string;
  imageAlt: string;
  showAgain: boolean;
}

export function formFromPopup(popup: PopupView): PopupForm {
  return {
    enabled: popup.enabled,
    position: popup.position,
    title: popup.title,
    body: popup.body,
    buttonLabel: popup.buttonLabel,
    buttonUrl: popup.buttonUrl,
    imageUrl: popup.image?.url ?? '',
    imageAlt: popup.image?.altText ?? '',
    showAgain: false,
  };
}

export function popupBody(form: PopupForm): Record<string, unknown> {
  return {
    enabled: form.enabled,
    position: form.position,
    title: form.title,
    body: form.body,
    buttonLabel: form.buttonLabel,
    buttonUrl: form.buttonUrl.trim(),
    image: form.imageUrl ? { url: form.imageUrl, altText: form.imageAlt } : null,
    showAgain: form.showAgain,
  };
}

/** Problems the form can see before sending, by field (the server checks again). */
export function checkPopupForm(form: PopupForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.title.trim()) errors.title = 'Please enter a heading for the popup.';
  const url = form.buttonUrl.trim();
  if (url && !/^\/(?!\/)\S*$/.test(url)) errors.buttonUrl = 'Link the button to a page of this site, such as /contact.';
  if (url && !form.buttonLabel.trim()) errors.buttonLabel = 'Enter the text of the button, or remove its link.';
  return errors;
}
