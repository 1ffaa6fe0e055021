// The gift-cards room (issue 16): what other domains use of gift cards. The owner routes are
// registered by the checkout plugin (`domains/checkout/index.ts`).
export { giftCardHash } from './gift-card-codes.js';
export { issueOrderGiftCards } from './gift-card-issuance.js';
