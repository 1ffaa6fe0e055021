import { createPaypalProvider } from '../paypal/provider.js';
import { createStripeProvider } from '../stripe/stripe-provider.js';
import type { ConnectionFactories } from './provider-specs.js';

/** The real adapters: a connection is checked by the same code that later takes the payments. */
export const connectionFactories: ConnectionFactories = {
  stripe: (config) => createStripeProvider(config),
  paypal: (config) => createPaypalProvider(config),
};
