// What a message of the mail outbox is about, read from its subject. The outbox keeps no kind of its
// own, so each kind of mail the server sends is recognised by the subject its composer writes.

import type { MailKind } from '@tessera/core/contracts/outbox';

const KINDS: readonly { kind: MailKind; subject: RegExp }[] = [
  { kind: 'restock', subject: / is back in stock at / }, // domains/restock/restock-mail.ts
  { kind: 'owner-invite', subject: /^You are invited to help run / }, // domains/auth/owners.ts
  { kind: 'password-reset', subject: /^Reset your password for / }, // domains/site-users/password-reset.ts
  { kind: 'order', subject: /^Order (received|confirmed): #/ }, // domains/checkout/checkout-service.ts
  { kind: 'subscription', subject: /^Subscription renewal: order #/ }, // domains/checkout/plugin.ts
  { kind: 'gift-card', subject: /^You have received a gift card/ }, // domains/checkout/checkout-service.ts
];

export function mailKind(subject: string): MailKind {
  return KINDS.find((k) => k.subject.test(subject))?.kind ?? 'other';
}
