import { randomBytes } from 'node:crypto';
import { CHECKOUT_MESSAGES, TEST_CARDS } from '@tessera/core';
import type { PaymentProvider } from './provider.js';

/** Digits only; spaces and dashes as people type them are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A saved test card: `test-card:tok_` and 24 hex digits (migration 0011 rewrote older references). */
const SAVED = /^test-card:tok_[0-9a-f]{24}$/;

/**
 * Test cards, no network: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 0119 fails with a processing error. Any other number that passes the Luhn check
 * succeeds too (handy for manual testing); one that does not is refused as invalid.
 *
 * It takes payments only while the store is in test mode (`test-mode.ts`). What it answers to keep
 * for later charges (subscriptions) is an opaque token, never the card number: a saved test card
 * always pays.
 */
export function createTestCardProvider(): PaymentProvider {
  return {
    id: 'test-card',
    accepts: (method) =>
      method.kind === 'card' || (method.kind === 'saved' && method.reference.startsWith('test-card:')),
    async charge({ method }) {
      if (method.kind === 'saved') {
        if (!SAVED.test(method.reference)) return { status: 'failed', message: CHECKOUT_MESSAGES.paymentFailed };
        return {
          status: 'succeeded',
          reference: `tc_${randomBytes(9).toString('hex')}`,
          savedReference: method.reference,
        };
      }
      if (method.kind !== 'card') return { status: 'failed', message: CHECKOUT_MESSAGES.paymentFailed };
      const digits = cardDigits(method.number);
      if (!passesLuhn(digits)) return { status: 'declined', message: CHECKOUT_MESSAGES.cardInvalid };
      if (digits === TEST_CARDS.declines) return { status: 'declined', message: CHECKOUT_MESSAGES.cardDeclined };
      if (digits === TEST_CARDS.fails) return { status: 'failed', message: CHECKOUT_MESSAGES.paymentFailed };
      return {
        status: 'succeeded',
        reference: `tc_${randomBytes(9).toString('hex')}`,
        // An opaque token, as a real provider answers: the card number is never stored.
        savedReference: `test-card:tok_${randomBytes(12).toString('hex')}`,
      };
    },
    async refund({ reference }) {
      if (!reference.startsWith('tc_')) return { ok: false, message: 'That charge was not made with a test card.' };
      return { ok: true, reference: `tr_${randomBytes(9).toString('hex')}` };
    },
  };
}
