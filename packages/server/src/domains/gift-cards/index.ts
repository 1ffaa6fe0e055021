// The gift-cards room (issue 16): what other domains use of gift cards. The owner routes are
// registered by the checkout plugin (`domains/checkout/plugin.ts`).

export { giftCardHash } from './gift-card-codes.js';
export { issueOrderGiftCards, type IssuedGiftCard } from './gift-card-issuance.js';
