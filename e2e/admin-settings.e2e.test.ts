// An administrator runs the site from the Settings and Owners panels: the title and currency
// reach visitors, the time zone picker saves a zone (and says so when zones cannot load), a new
// mailing list is picked for sign-ups, and an invited store manager follows the link, signs in,
// sees the Commerce panels but not Settings, and is removed again.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

const STAMP = Date.now().toString(36);
const TITLE = `Juniper Settings ${STAMP}`;
const LIST = `E2E list ${STAMP}`;
const INVITEE = `store-${STAMP}@example.com`;

let browser: Browser;
let admin: Page;
let original: { siteTitle: string; currency: string; timeZone: string; mailingListId: string | null };
let originalHeaderFooter: unknown;

async function crumbOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
}

async function settings(page: Page) {
  const answer = await page.request.get('/api/config/settings');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as typeof original;
}

/** The panel's live status line says "Saved" only after the server accepted a save. */
function saved(page: Page) {
  return page.getByRole('status').filter({ hasText: /^Saved$/ });
}

function nav(page: Page) {
  return page.getByRole('navigation', { name: 'Editor' });
}

async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name }).click();
  await expect.poll(() => page.getByRole('heading', { level: 2, name }).count()).toBe(1);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInOwner(browser, { role: 'admin', prefix: 'settings-admin' });
  original = await settings(admin);
  originalHeaderFooter = await (await admin.request.get('/api/site-header-footer')).json();
});

afterAll(async () => {
  // The e2e server is shared: give the site its title, currency, zone and list back.
  if (admin && original) {
    const headers = { 'x-csrf-token': await crumbOf(admin) };
    const restore: Record<string, unknown> = {
      siteTitle: original.siteTitle,
      currency: original.currency,
      timeZone: original.timeZone,
    };
    if (original.mailingListId) restore.mailingListId = original.mailingListId;
    await admin.request.put('/api/config/settings', { data: restore, headers }).catch(() => undefined);
    await admin.request.put('/api/site-header-footer', { data: originalHeaderFooter, headers }).catch(() => undefined);
    const lists = await admin.request.get('/api/config/forms/mailing-lists').catch(() => undefined);
    for (const list of lists?.ok() ? ((await lists.json()).mailingLists as { id: string; name: string }[]) : []) {
      if (list.name.startsWith('E2E list ') && list.name.endsWith(STAMP)) {
        await admin.request.delete(`/api/config/forms/mailing-lists/${list.id}`, { headers }).catch(() => undefined);
      }
    }
  }
  await admin?.context().close();
  await browser?.close();
});

describe('settings panel', () => {
  it('saves a new title and currency that a visitor sees on the home page and in prices', async () => {
    await nav(admin).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => new URL(admin.url()).pathname).toBe('/config/settings');
    const title = admin.getByLabel('Site title');
    await expect.poll(() => title.inputValue()).toBe(original.siteTitle);
    await title.fill('');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => admin.getByText('Give the site a title.').count()).toBe(1);
    await expect.poll(async () => title.getAttribute('aria-invalid')).toBe('true');

    await title.fill(TITLE);
    const newCurrency = original.currency === 'EUR' ? 'GBP' : 'EUR';
    await admin.getByLabel('Currency').selectOption(newCurrency);
    await expect.poll(() => admin.getByText('Unsaved changes').count()).toBe(1);
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => saved(admin).count()).toBe(1);
    expect(await settings(admin)).toMatchObject({ siteTitle: TITLE, currency: newCurrency });

    const visitor = await (await newVisitor(browser)).newPage();
    await visitor.goto('/');
    await expect.poll(() => visitor.locator('.site-title').first().textContent()).toContain(TITLE);
    await visitor.goto('/shop');
    const symbol = newCurrency === 'EUR' ? '€' : '£';
    await expect.poll(() => visitor.locator('.product-card__price').first().textContent()).toContain(symbol);
    await visitor.context().close();
  });

  it('saves a time zone from the picker and offers Retry when the zones cannot be loaded', async () => {
    await admin.route('**/api/config/settings/options', (route) => route.abort('failed'));
    await admin.goto('/config/settings');
    const zone = (await settings(admin)).timeZone;
    const failure = `Failed to load timezone ${zone}. Retry connection or verify site availability.`;
    await expect.poll(() => admin.getByRole('alert').filter({ hasText: failure }).count()).toBe(1);
    await admin.unroute('**/api/config/settings/options');
    await admin.getByRole('button', { name: 'Retry' }).click();

    const picker = admin.getByLabel('Time zone');
    await expect.poll(() => picker.isEnabled()).toBe(true);
    const wanted = zone === 'Asia/Tokyo' ? 'Europe/Oslo' : 'Asia/Tokyo';
    await picker.selectOption(wanted);
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => saved(admin).count()).toBe(1);
    await admin.reload();
    await expect.poll(() => admin.getByLabel('Time zone').inputValue()).toBe(wanted);
    expect((await settings(admin)).timeZone).toBe(wanted);
  });

  it('saves footer text and a footer link that a visitor sees', async () => {
    await admin.goto('/config/settings');
    await openSection(admin, 'Header and footer');
    await admin.getByLabel('Footer text').fill(`Open daily ${STAMP}`);
    await admin.getByRole('button', { name: 'Add footer link' }).click();
    const links = await admin.getByLabel(/^Link \d+ title$/).count();
    await admin.getByLabel(`Link ${links} title`).fill('Press');
    await admin.getByLabel(`Link ${links} address`).fill('press');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => admin.getByText('Use a site path (/about) or an http(s) address.').count()).toBe(1);
    await admin.getByLabel(`Link ${links} address`).fill('/press');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => saved(admin).count()).toBe(1);

    const visitor = await (await newVisitor(browser)).newPage();
    await visitor.goto('/');
    const footer = visitor.locator('footer.site-footer');
    await expect.poll(() => footer.textContent()).toContain(`Open daily ${STAMP}`);
    expect(await footer.getByRole('link', { name: 'Press' }).getAttribute('href')).toBe('/press');
    await visitor.context().close();
  });

  it('creates a mailing list and picks it for sign-ups, asking for a list first', async () => {
    await admin.goto('/config/settings');
    await openSection(admin, 'Mailing lists');
    const picker = admin.getByLabel('Mailing list for sign-ups');
    await picker.selectOption('');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => admin.getByText('A List must be selected').count()).toBe(1);

    await admin.getByLabel('List name').fill(LIST);
    await admin.getByRole('button', { name: 'Create list' }).click();
    await expect.poll(() => admin.getByRole('cell', { name: LIST, exact: true }).count()).toBe(1);
    await picker.selectOption({ label: LIST });
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => saved(admin).count()).toBe(1);
    const lists = (await (await admin.request.get('/api/config/forms/mailing-lists')).json()).mailingLists as {
      id: string;
      name: string;
    }[];
    const made = lists.find((l) => l.name === LIST);
    expect(made).toBeDefined();
    expect((await settings(admin)).mailingListId).toBe(made?.id);

    // Keyboard only: rename the list.
    await admin.getByRole('button', { name: `Rename ${LIST}` }).focus();
    await admin.keyboard.press('Enter');
    await admin.getByLabel(`New name for ${LIST}`).fill(`E2E list x ${STAMP}`);
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByRole('cell', { name: `E2E list x ${STAMP}`, exact: true }).count()).toBe(1);
  });

  it('passes axe on every section', async () => {
    await admin.goto('/config/settings');
    for (const name of [
      'General',
      'Header and footer',
      'Comments, likes and sharing',
      'Cookies and tracking',
      'Mailing lists',
    ]) {
      await openSection(admin, name);
      await expectAccessible(admin, `settings: ${name}`);
    }
  });
});

describe('owners panel', () => {
  it('invites a store manager who signs in through the link, sees Commerce but not Settings, and is removed', async () => {
    await nav(admin).getByRole('link', { name: 'Owners' }).click();
    await expect.poll(() => admin.getByRole('heading', { level: 1, name: 'Owners' }).count()).toBe(1);
    await admin.getByLabel('Email').fill(INVITEE);
    await admin.getByLabel('Role').selectOption({ label: 'Store manager' });
    await expectAccessible(admin, 'owners panel');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    const link = admin.getByLabel('Invitation link');
    await expect.poll(() => link.inputValue()).toContain('/owner-invite?token=');
    const inviteUrl = new URL(await link.inputValue());
    await expect.poll(() => admin.getByText(/You are invited to help run/).count()).toBe(1);
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: INVITEE }) });
    await expect.poll(() => row.textContent()).toContain('Store manager');
    await expect.poll(() => row.textContent()).toContain('Invitation pending');

    const invited = await (await newVisitor(browser, { viewport: { width: 1440, height: 900 } })).newPage();
    await invited.goto(inviteUrl.pathname + inviteUrl.search);
    await invited.getByLabel('Choose a password').fill('a store manager password');
    await invited.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => invited.getByText(`Your password is set for ${INVITEE}`).count()).toBe(1);
    await invited.getByRole('link', { name: 'Sign in' }).click();
    await invited.getByLabel('Email').fill(INVITEE);
    await invited.getByLabel('Password').fill('a store manager password');
    await invited.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => nav(invited).getByRole('link', { name: 'Products' }).count()).toBe(1);
    await expect.poll(() => nav(invited).getByRole('link', { name: 'Orders' }).count()).toBe(1);
    expect(await nav(invited).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await nav(invited).getByRole('link', { name: 'Owners' }).count()).toBe(0);
    await invited.goto('/config/settings');
    await expect
      .poll(() => invited.getByText('This part of the editor is not available to your account.').count())
      .toBe(1);
    expect((await invited.request.get('/api/config/settings')).status()).toBe(403);

    await admin.reload();
    await expect.poll(() => row.textContent()).toContain('Active');
    await admin.getByRole('button', { name: `Remove ${INVITEE}` }).click();
    await admin.getByRole('button', { name: `Yes, remove ${INVITEE}` }).click();
    await expect.poll(() => admin.getByRole('rowheader', { name: INVITEE }).count()).toBe(0);
    expect((await invited.request.get('/api/config/session')).status()).toBe(401);
    await invited.context().close();
  });
});
