import { MAILCHIMP_BASE_ENV } from '../src/domains/mailing-services/mailchimp.js';
import type { ServerConfig } from '../src/platform/config.js';
import { type DialectName, startTestServer } from '../src/testing.js';
import type { OwnerAccount } from './auth-helpers.js';
import { type MailchimpFake, startMailchimpFake } from './fakes/mailchimp-fake.js';
import { startWebhookReceiver, type WebhookReceiver } from './fakes/webhook-receiver.js';
import { type SuiteServer, setEnv, signedInOwners, suiteOf } from './suite-server.js';

export type WebhookSuite<Owners extends Record<string, OwnerAccount>> = SuiteServer<Owners> & {
  receiver: WebhookReceiver;
};

/**
 * The enclosing `describe`'s server (see `suiteOf`) with `config` and the `owners` signed in, and a
 * local webhook receiver it may post to (its loopback host allowed by TESSERA_WEBHOOK_ALLOW_HOSTS
 * while the suite runs); with `mailchimp`, also a Mailchimp fake the server talks to.
 */
export function webhookSuite<const Owners extends Record<string, OwnerAccount>>(
  dialect: DialectName,
  owners: Owners,
  config: Partial<ServerConfig>,
): WebhookSuite<Owners> {
  return outgoingSuite(dialect, owners, config, false);
}

/** `webhookSuite` with a Mailchimp fake (`fake`) that the server reaches through MAILCHIMP_BASE_ENV. */
export function mailchimpSuite<const Owners extends Record<string, OwnerAccount>>(
  dialect: DialectName,
  owners: Owners,
  config: Partial<ServerConfig>,
): WebhookSuite<Owners> & { fake: MailchimpFake } {
  return outgoingSuite(dialect, owners, config, true) as WebhookSuite<Owners> & { fake: MailchimpFake };
}

function outgoingSuite<const Owners extends Record<string, OwnerAccount>>(
  dialect: DialectName,
  owners: Owners,
  config: Partial<ServerConfig>,
  mailchimp: boolean,
): WebhookSuite<Owners> & { fake?: MailchimpFake } {
  let restoreEnv = () => {};
  return suiteOf(
    async () => {
      const fake = mailchimp ? await startMailchimpFake() : undefined;
      const receiver = await startWebhookReceiver().catch(async (error) => {
        await fake?.close();
        throw error;
      });
      restoreEnv = setEnv({
        TESSERA_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
        ...(fake ? { [MAILCHIMP_BASE_ENV]: fake.url } : {}),
      });
      try {
        const server = await startTestServer({ dialect, config });
        return { server, receiver, fake, ...(await signedInOwners(server, owners)) } as WebhookSuite<Owners> & {
          fake?: MailchimpFake;
        };
      } catch (error) {
        restoreEnv();
        await fake?.close();
        await receiver.close();
        throw error;
      }
    },
    async ({ server, receiver, fake }) => {
      restoreEnv();
      await server.close();
      await fake?.close();
      await receiver.close();
    },
  );
}
