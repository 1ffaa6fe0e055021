/** Formatters that print markup (elements or attribute lists), whose whitespace is compared untrimmed. */
export const MARKUP_FORMATTERS = [
  'activate-twitter-links',
  'add-to-cart-btn',
  'audio-player',
  'child-image-meta',
  'comment-link',
  'comments',
  'cover-image-meta',
  'image',
  'image-meta',
  'image-srcset',
  'like-button',
  'money-string',
  'product-checkout',
  'product-price',
  'product-quick-view',
  'product-restock-notification',
  'product-scarcity',
  'product-status',
  'quantity-input',
  'social-button',
  'social-button-inline',
  'subscription-price',
  'summary-form-field',
  'timesince',
  'twitter-follow-button',
  'variants-select',
  'video',
] as const;

const USES = new RegExp(`\\|\\s*(${MARKUP_FORMATTERS.join('|')})(?=[\\s|}])`);

/** Whether a template applies one of the markup formatters. */
export function usesMarkupFormatter(template: string): boolean {
  return USES.test(template);
}
