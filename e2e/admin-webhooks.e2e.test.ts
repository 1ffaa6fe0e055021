// Settings → Webhooks in a real browser (issue 21): an administrator adds an endpoint that points at a
// local receiver started by the test, sees the signing secret once, sends a test event and sees it
// delivered in the log; the receiver got it signed with that secret. The server is started with the
// receiver's loopback address allowed (TESSERA_WEBHOOK_ALLOW_HOSTS) and plain http allowed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../packages/server/src/domains/webhooks/signing.js';
import { startWebhookReceiver, type WebhookReceiver } from '../packages/server/test/fakes/webhook-receiver.js';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { startServer } from './support/server.mjs';

let browser: Browser;
let receiver: WebhookReceiver;
let server: Awaited<ReturnType<typeof startServer>>;
let owner: Page;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({
    env: {
      TESSERA_SECRET_KEY: 'e2e-webhooks-secret-key-0123456789abcdef',
      TESSERA_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      TESSERA_WEBHOOK_ALLOW_HTTP: '1',
    },
  });
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'admin', prefix: 'webhooks', server });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe('webhooks in the Settings section', () => {
  it('adds an endpoint, shows its secret once, sends a signed test event and lists it as delivered', async () => {
    await owner.goto('/config/webhooks');
    await poll(() => owner.getByText('No webhook endpoints yet.').count()).toBe(1);
    const form = owner.getByRole('form', { name: 'Add an endpoint' });
    const url = `${receiver.url}/hooks/tessera`;
    await form.getByLabel('Receiver address').fill(url);
    await form.getByLabel('Order paid').check();
    await form.getByLabel('Form submitted').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretBox = owner.getByRole('region', { name: 'Signing secret' });
    await poll(() => secretBox.count()).toBe(1);
    const secret = await secretBox.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(owner, 'settings: webhooks');
    await secretBox.getByRole('button', { name: 'I have copied it' }).click();
    await poll(() => owner.getByRole('region', { name: 'Signing secret' }).count()).toBe(0);

    const card = owner.getByRole('listitem', { name: url });
    await poll(() => card.getByText('Order paid, Form submitted').count()).toBe(1);
    await card.getByRole('button', { name: 'Send test event' }).click();
    await poll(() => card.getByText('Test event delivered (HTTP 200).').count()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'webhook.test' });
    expect(verifySignature(secret, hook.body, String(hook.headers['tessera-signature']))).toBe(true);

    await card.getByRole('button', { name: 'Recent deliveries' }).click();
    const log = card.getByRole('table', { name: 'Recent deliveries' });
    await poll(() => log.getByRole('row').count()).toBe(2);
    expect(await log.getByText('Delivered (HTTP 200)').count()).toBe(1);

    // Redeliver posts the same event (same id) again.
    await log.getByRole('button', { name: 'Redeliver' }).click();
    await poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.headers['tessera-event-id']).toBe(hook.headers['tessera-event-id']);
    await poll(() => log.getByText('Delivered (HTTP 200)').count()).toBe(2);
  });

  it('offers the newer events and rotates a secret: both old and new sign for a day', async () => {
    await owner.goto('/config/webhooks');
    const form = owner.getByRole('form', { name: 'Add an endpoint' });
    for (const label of ['Newsletter subscribed', 'Restock signed up', 'Subscription renewal failed']) {
      await poll(() => form.getByLabel(label).count()).toBe(1);
    }
    const url = `${receiver.url}/hooks/tessera`;
    const card = owner.getByRole('listitem', { name: url });
    owner.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    const secretBox = owner.getByRole('region', { name: 'Signing secret' });
    await poll(() => secretBox.count()).toBe(1);
    const fresh = await secretBox.getByLabel('Signing secret').inputValue();
    expect(fresh).toMatch(/^whsec_/);
    await poll(() => card.getByText(/Signed with the new and the previous secret until/).count()).toBe(1);
    const before = receiver.received.length;
    await card.getByRole('button', { name: 'Send test event' }).click();
    await poll(() => receiver.received.length).toBe(before + 1);
    const hook = receiver.received[before]!;
    const header = String(hook.headers['tessera-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(fresh, hook.body, header)).toBe(true);
  });
});
