import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.js';

/** "Pay later / manual": the order is received with payment pending; the owner settles it by hand. */
export function createManualProvider(): PaymentProvider {
  return {
    id: 'manual',
    accepts: (method) => method.kind === 'manual' || (method.kind === 'saved' && method.reference === 'manual'),
    async charge() {
      return { status: 'pending', reference: `mp_${randomBytes(9).toString('hex')}`, savedReference: 'manual' };
    },
    async refund({ reference }) {
      return { ok: true, reference: `mr_${reference.slice(3)}` };
    },
  };
}
