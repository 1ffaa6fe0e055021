// The product, album (with its cover), tour dates, link and social links blocks (issue 23) as an
// owner adds them in the page editor, each through its own form, and as a visitor gets them from the
// server: without scripts, keyboard-reachable, passing axe; with scripts, the album plays as one
// playlist.
import type { Browser, Frame, Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { addBlock, previewFrame } from './fixtures/page-editor.js';

/** The smallest file the server takes as MP3: an ID3 tag header and padding. */
const MP3 = [...Buffer.from('ID3'), 3, 0, 0, 0, 0, 0, 0, ...new Array(64).fill(0)];

function previewBlock(frame: Frame, n: number): Locator {
  return frame.locator(`[data-tessera-sections] [data-tessera-block="block-1-${n}"]`);
}

describe('media and link blocks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds product, album, tour dates, link and social links blocks; a visitor gets each, axe clean', async () => {
    const page = await signedInOwner(browser, { role: 'admin', prefix: 'media' });
    // An audio file and a picture for the cover in the site's files, uploaded as the file manager does.
    const cover = [
      ...(await sharp({ create: { width: 640, height: 640, channels: 3, background: '#1d2b4a' } })
        .png()
        .toBuffer()),
    ];
    const upload = (bytes: number[], name: string, type: string) =>
      page.evaluate(
        async ({ bytes, name, type }) => {
          const crumb = decodeURIComponent(/(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
          const form = new FormData();
          form.append('file', new File([new Uint8Array(bytes)], name, { type }));
          const response = await fetch('/api/config/files', {
            method: 'POST',
            headers: { 'x-csrf-token': crumb },
            body: form,
          });
          const body = (await response.json()) as { files?: { name: string }[] };
          return { status: response.status, name: body.files?.[0]?.name ?? '' };
        },
        { bytes, name, type },
      );
    const uploaded = await upload(MP3, 'lantern-song.mp3', 'audio/mpeg');
    expect(uploaded.status).toBe(200);
    const coverFile = await upload(cover, 'night-drive-cover.png', 'image/png');
    expect(coverFile.status).toBe(200);
    await page.reload(); // the editor reads the file list when it opens

    const title = `Band Page ${Date.now()}`;
    await page.getByLabel('New page title').fill(title);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);
    await page.getByRole('button', { name: 'Add section' }).click();

    // Product: found by a title search over the store's products; the preview marks the place.
    let panel = await addBlock(page, 'Product');
    const productSelect = panel.getByRole('combobox', { name: /^Product/ });
    await expect.poll(() => productSelect.locator('option').count()).toBeGreaterThan(2);
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Choose a product.');
    await panel.getByLabel('Find a product').fill('sticker pack');
    await expect.poll(() => productSelect.locator('option').count()).toBe(2);
    const product = (await productSelect.locator('option').nth(1).textContent()) ?? '';
    expect(product).toContain('Sticker Pack');
    await productSelect.selectOption({ index: 1 });
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    await panel.getByLabel('Button label').fill('Get it');

    // Album: a track from the site's files, with its length; a second track without a file is named.
    panel = await addBlock(page, 'Album');
    await panel.getByLabel('Album title').fill('Night Drive');
    await panel.getByLabel('Artist').fill('The Lanterns');
    await panel.getByLabel('Track 1 title').fill('Lantern Song');
    await panel.getByLabel('Track 1 audio file').selectOption({ label: uploaded.name });
    await panel.getByLabel('Track 1 length (optional)').fill('3:05');
    await panel.getByRole('button', { name: 'Add track' }).click();
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe("Track 2 needs an audio file from this site's files.");
    await panel.getByRole('button', { name: 'Remove Track 2' }).click();
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    const album = previewBlock(frame, 2);
    await expect.poll(() => album.locator('audio').count()).toBe(1);
    await expect.poll(() => album.locator('figcaption').textContent()).toContain('Lantern Song');
    // Its cover: a picture of the site's files with what it shows; its size is read from the picture.
    await panel.getByLabel('Cover image').selectOption({ label: coverFile.name });
    await panel.getByLabel('Cover alt text').fill('Two lanterns on a dark road');
    const previewCover = album.locator('img.album__cover');
    await expect.poll(() => previewCover.getAttribute('alt')).toBe('Two lanterns on a dark road');
    await expect.poll(() => previewCover.getAttribute('width')).toBe('640');
    expect(await previewCover.getAttribute('height')).toBe('640');
    await expectAccessible(page, 'the album form with a cover');

    // Tour dates: an unsafe ticket link is refused by name; one upcoming date and one past.
    panel = await addBlock(page, 'Tour dates');
    await panel.getByRole('button', { name: 'Add date' }).click();
    await panel.getByLabel('Date 1 day').fill('2099-05-01');
    await panel.getByLabel('Date 1 venue').fill('The Barn');
    await panel.getByLabel('Date 1 city').fill('Troy');
    await panel.getByLabel('Date 1 ticket link').fill('javascript:alert(1)');
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('Date 1: ticket links must start with http:// or https://.');
    await panel.getByLabel('Date 1 ticket link').fill('https://tickets.example/barn');
    await panel.getByRole('button', { name: 'Add date' }).click();
    await panel.getByLabel('Date 2 day').fill('2020-01-10');
    await panel.getByLabel('Date 2 venue').fill('Corner Club');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    // The preview splits them with the browser's clock, as the server does with the site's time zone.
    const tour = previewBlock(frame, 3);
    await expect
      .poll(() => tour.locator('.tour-dates__list--upcoming .tour-dates__venue').allTextContents())
      .toEqual(['The Barn']);
    await expect
      .poll(() => tour.locator('.tour-dates__list--past .tour-dates__venue').allTextContents())
      .toEqual(['Corner Club']);

    // Link: a title, an address through the link editor, a description.
    panel = await addBlock(page, 'Link');
    await panel.getByLabel('Link title').fill('Read our story');
    await panel.getByLabel('Description').fill('How we started');
    await expect.poll(() => previewBlock(frame, 4).locator('.link-block__title').textContent()).toBe('Read our story');

    // Social links: services named by their host.
    panel = await addBlock(page, 'Social links');
    await panel.getByLabel('Profile 1 address').fill('https://www.instagram.com/lanterns');
    await expect.poll(() => panel.getByText('Shown as Instagram.').count()).toBe(1);
    await panel.getByRole('button', { name: 'Add profile' }).click();
    await panel.getByLabel('Profile 2 address').fill('https://lanterns.bandcamp.com');
    await expect
      .poll(() => previewBlock(frame, 5).locator('.social-links__name').allTextContents())
      .toEqual(['Instagram', 'Bandcamp']);
    await expectAccessible(page, 'the social links form');

    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
    const slug = `/${title.toLowerCase().replace(/\s+/g, '-')}`;

    // Without scripts: every block from the server.
    const plain = await newVisitor(browser, { javaScriptEnabled: false });
    const visitor = await plain.newPage();
    expect((await visitor.goto(slug))?.status()).toBe(200);
    const main = visitor.locator('main');
    expect(await main.locator('.product-block__title').textContent()).toBe(product.replace(/ \(.*\)$/, ''));
    // A product with nothing to choose: the block's own form adds it, and the page comes back with it counted.
    const addButton = main.getByRole('button', { name: /^Get it/ });
    expect(await addButton.count()).toBe(1);
    const player = main.locator('audio.album__audio');
    expect(await player.count()).toBe(1);
    const caption = await player.getAttribute('aria-labelledby');
    expect(await main.locator(`[id="${caption}"]`).textContent()).toContain('Lantern Song');
    expect(await main.locator('.album__duration').textContent()).toBe('3:05');
    const albumCover = main.locator('img.album__cover');
    expect(await albumCover.getAttribute('alt')).toBe('Two lanterns on a dark road');
    expect(await albumCover.getAttribute('width')).toBe('640');
    expect(await albumCover.getAttribute('height')).toBe('640');
    expect(await albumCover.getAttribute('loading')).toBe('lazy');
    expect(await albumCover.getAttribute('sizes')).toBe('160px');
    expect(await albumCover.getAttribute('srcset')).toContain('?format=500w 500w');
    const upcoming = main.locator('.tour-dates__list--upcoming');
    expect(await upcoming.getByRole('link', { name: /^Tickets for The Barn, Troy on / }).getAttribute('href')).toBe(
      'https://tickets.example/barn',
    );
    expect(await main.locator('.tour-dates__list--past').textContent()).toContain('Corner Club');
    expect(await main.getByRole('link', { name: /Read our story/ }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://www.instagram.com/lanterns',
    );
    expect(await main.getByRole('link', { name: 'Bandcamp' }).count()).toBe(1);
    await addButton.click();
    await visitor.waitForURL((url) => url.pathname === slug);
    await expect.poll(() => visitor.locator('.tessera-cart-pill__count').textContent()).toBe('1');
    expect(await visitor.locator('.tessera-cart-pill').isVisible()).toBe(true);
    await plain.close();

    // With scripts: axe finds nothing serious, and the album island takes over the player list.
    const live = await newVisitor(browser);
    const listener = await live.newPage();
    await listener.goto(slug);
    const albumRoot = listener.locator('[data-island="album"]');
    await albumRoot.scrollIntoViewIfNeeded();
    await expect.poll(() => albumRoot.getAttribute('data-album-playlist')).toBe('on');
    // The cover loads (lazily, once in view) from its resized copy, shown 160 px wide.
    const liveCover = albumRoot.locator('img.album__cover');
    await expect.poll(() => liveCover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await liveCover.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBe(160);
    await expectAccessible(listener, 'the published media blocks');
    // The product island takes the block's form over: the add happens in place and the pill counts it.
    const productRoot = listener.locator('.product-block[data-island="product"]');
    await productRoot.scrollIntoViewIfNeeded();
    const liveButton = listener.getByRole('button', { name: /^Get it/ });
    // The island marks the button once it listens (its add-button state), so the click stays on the page.
    await expect.poll(() => liveButton.getAttribute('aria-disabled')).toBe('false');
    await liveButton.click();
    await expect.poll(() => listener.locator('.tessera-cart-pill__count').textContent()).toBe('1');
    expect(new URL(listener.url()).pathname).toBe(slug);
    await live.close();
    await page.context().close();
  });
});
