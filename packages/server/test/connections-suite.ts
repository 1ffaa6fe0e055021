import { type DialectName, startTestServer, type TestServer } from '../src/testing.js';
import type { OwnerAccount } from './auth-helpers.js';
import { type PaypalFake, startPaypalFake } from './fakes/paypal-fake.js';
import { type StripeFake, startStripeFake } from './fakes/stripe-fake.js';
import { type SuiteServer, signedInOwners, suiteOf } from './suite-server.js';

/**
 * The enclosing `describe`'s server for connecting payment providers (see `suiteOf`): the Stripe and
 * PayPal fakes, and a server sealing secrets with `secretKey` that reaches the providers' APIs at
 * the fakes, with the `owners` signed in; all closed after its tests.
 */
export function connectionsSuite<const Owners extends Record<string, OwnerAccount>>(
  dialect: DialectName,
  secretKey: string,
  owners: Owners,
): SuiteServer<Owners> & { stripe: StripeFake; paypal: PaypalFake } {
  return suiteOf(
    async () => {
      const stripe = await startStripeFake();
      const paypal = await startPaypalFake();
      const server: TestServer = await startTestServer({
        dialect,
        config: { secretKey, paymentApiBases: { stripe: stripe.url, paypal: paypal.url } },
      });
      return { server, stripe, paypal, ...(await signedInOwners(server, owners)) } as SuiteServer<Owners> & {
        stripe: StripeFake;
        paypal: PaypalFake;
      };
    },
    async ({ server, stripe, paypal }) => {
      await server.close();
      await stripe.close();
      await paypal.close();
    },
  );
}
