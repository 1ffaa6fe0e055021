// Settings → Mailing services in a real browser (issue 21): an administrator connects the local fake
// Mailchimp (API key → audience), a visitor signs up through the newsletter block on /contact, the
// background job sends the address to the fake, and the owner sees it sent. The server is started
// with TESSERA_MAILCHIMP_BASE_URL pointing at the fake and a short job interval.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailchimpFake, startMailchimpFake } from '../packages/server/test/fakes/mailchimp-fake.js';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { startServer } from './support/server.mjs';

let browser: Browser;
let fake: MailchimpFake;
let server: Awaited<ReturnType<typeof startServer>>;
let owner: Page;

const poll = <T>(read: () => T | Promise<T>, timeout = 10_000) => expect.poll(read, { timeout, interval: 100 });

beforeAll(async () => {
  fake = await startMailchimpFake();
  server = await startServer({
    env: {
      TESSERA_SECRET_KEY: 'e2e-mailing-services-secret-key-0123456789',
      TESSERA_MAILCHIMP_BASE_URL: fake.url,
      TESSERA_JOB_INTERVAL_MS: '1000',
    },
  });
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'admin', prefix: 'mailing', server });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe('mailing services in the Settings section', () => {
  it('connects Mailchimp, and a newsletter sign-up arrives there and shows as sent', async () => {
    await owner.goto('/config/mailing-services');
    await poll(() => owner.getByText('No mailing service connected yet.').count()).toBe(1);
    const form = owner.getByRole('form', { name: 'Connect Mailchimp' });
    await form.getByLabel('API key').fill('ffffffffffffffffffffffffffffffff-us6');
    await form.getByRole('button', { name: 'Check key' }).click();
    await poll(() => form.getByText(/API Key Invalid/).count()).toBe(1);

    await form.getByLabel('API key').fill(fake.apiKey);
    await form.getByRole('button', { name: 'Check key' }).click();
    await poll(() => form.getByLabel('Audience').count()).toBe(1);
    await form.getByLabel('Audience').selectOption({ label: 'Wholesale (0 members)' });
    await form.getByRole('button', { name: 'Connect' }).click();
    const card = owner.getByRole('listitem', { name: 'Mailchimp: Wholesale' });
    await poll(() => card.getByText('0 sent').count()).toBe(1);
    await expectAccessible(owner, 'settings: mailing services');

    const visitor = await browser.newPage({ baseURL: server.url });
    await visitor.goto('/contact');
    const block = visitor.locator('#form-newsletter-form');
    await block.scrollIntoViewIfNeeded();
    await poll(() => block.getAttribute('data-island-state')).toBe('live');
    await block.getByLabel('Email address').fill('Reader@Example.com');
    // A person takes a moment between focusing the form and sending it; faster is flagged as spam.
    await visitor.waitForTimeout(1700);
    await block.getByRole('button', { name: 'Sign up' }).click();
    await poll(() => block.locator('.tessera-form__success').isVisible()).toBe(true);
    await visitor.close();

    await poll(() => fake.members.get('f6e5d4c3b2')?.size ?? 0, 20_000).toBe(1);
    expect([...fake.members.get('f6e5d4c3b2')!.values()][0]).toMatchObject({
      email_address: 'reader@example.com',
      status: 'subscribed',
    });
    await poll(async () => {
      await owner.getByRole('button', { name: 'Refresh' }).click();
      return card.getByText('1 sent').count();
    }).toBe(1);
    await card.getByRole('button', { name: 'Recent sign-ups' }).click();
    await poll(() => card.getByText('reader@example.com: Sent').count()).toBe(1);
    expect(fake.puts).toHaveLength(1);
  });
});
