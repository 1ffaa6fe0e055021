import { createManualProvider } from './manual.js';
import { PaymentProviders } from './provider.js';
import { createTestCardProvider } from './test-card.js';

export * from './provider.js';
export { cardDigits, createTestCardProvider, passesLuhn } from './test-card.js';
export { createManualProvider } from './manual.js';

/** The built-in providers: test cards and pay later. */
export function builtInPaymentProviders(): PaymentProviders {
  return new PaymentProviders([createTestCardProvider(), createManualProvider()]);
}
