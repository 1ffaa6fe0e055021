// The page editor's block settings as an owner uses them: each block's own form (no JSON), what it
// writes showing in the preview, the SPEC messages of the video, chart and newsletter forms, and the
// form builder's fields; then a visitor sees the published blocks the server renders (the chart with
// scripts off) and sends the published form block.
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { addBlock, newPage } from './fixtures/page-editor.js';

/** The preview's block at a 1-based position of the first section. */
function previewBlock(frame: Frame, n: number): Locator {
  return frame.locator(`[data-tessera-sections] [data-tessera-block="block-1-${n}"]`);
}

/** The address of a page made by `newPage`. */
function slugOf(title: string): string {
  return `/${title.toLowerCase().replace(/\s+/g, '-')}`;
}

/** Publishes once the draft is saved. */
async function publish(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
}

describe('block settings in the page editor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits quote, spacer, video, accordion, marquee, map, summary and newsletter blocks through their forms', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'blocks' });
    const title = `Block Forms ${Date.now()}`;
    const frame = await newPage(page, title);

    // Quote: text and source.
    let panel = await addBlock(page, 'Quote');
    await panel.getByLabel('Quote', { exact: true }).fill('Less, but better.');
    await panel.getByLabel('Source', { exact: true }).fill('A designer');
    await expect.poll(() => previewBlock(frame, 1).locator('blockquote').textContent()).toContain('Less, but better.');
    await expect.poll(() => previewBlock(frame, 1).locator('figcaption').textContent()).toBe('A designer');

    // Spacer: the height slider by keyboard (End is the 400 px maximum).
    panel = await addBlock(page, 'Spacer');
    await panel.getByLabel(/^Height/).press('End');
    await expect
      .poll(() => previewBlock(frame, 2).locator('.block--spacer').getAttribute('style'))
      .toContain('height:400px');

    // Video: a basic account's private link is refused with SPEC's message and never reaches the page.
    panel = await addBlock(page, 'Video');
    const address = panel.getByLabel('Video address');
    await address.fill('https://vimeo.com/76979871/2f1a9c3b7e');
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('Please share a video from a different account.');
    expect(await previewBlock(frame, 3).locator('a').getAttribute('href')).toBe('https://example.com/video');
    await address.fill('vimeo.com/76979871');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    await panel.getByLabel('Video title').fill('Kiln day');
    await expect
      .poll(() => previewBlock(frame, 3).locator('a').getAttribute('href'))
      .toBe('https://vimeo.com/76979871');
    await expect.poll(() => previewBlock(frame, 3).textContent()).toContain('Watch “Kiln day” on Vimeo');

    // Accordion: titles and rich text per item; add, reorder and remove items.
    panel = await addBlock(page, 'Accordion');
    await panel.getByLabel('Item 1 title').fill('Do you ship?');
    await panel.getByRole('button', { name: 'Add item' }).click();
    await panel.getByLabel('Item 2 title').fill('Can I return things?');
    await panel.getByLabel('Item 2 text', { exact: true }).fill('Within 30 days.');
    const titles = () => previewBlock(frame, 4).locator('summary').allTextContents();
    await expect.poll(titles).toEqual(['Do you ship?', 'Can I return things?']);
    await expect
      .poll(() => previewBlock(frame, 4).locator('.accordion__body').nth(1).textContent())
      .toContain('Within 30 days.');
    await panel.getByRole('button', { name: 'Move Item 2 up' }).click();
    await expect.poll(titles).toEqual(['Can I return things?', 'Do you ship?']);
    await panel.getByLabel('Item 1 title').fill('');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Item 1 needs a title.');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(titles).toEqual(['Can I return things?', 'Do you ship?']);
    await panel.getByRole('button', { name: 'Remove Item 2' }).click();
    await expect.poll(titles).toEqual(['Can I return things?']);
    expect(await panel.getByRole('button', { name: 'Remove Item 1' }).isDisabled()).toBe(true);

    // Marquee: texts edited, removed and added, and the speed.
    panel = await addBlock(page, 'Marquee');
    await panel.getByLabel('Text 1', { exact: true }).fill('Fresh bread');
    await panel.getByRole('button', { name: 'Remove Text 2' }).click();
    await panel.getByRole('button', { name: 'Add text' }).click();
    await panel.getByLabel('Text 2', { exact: true }).fill('Open daily');
    await panel.getByLabel(/^Seconds per loop/).press('Home');
    const words = () => previewBlock(frame, 5).locator('.marquee__row').first().locator('li').allTextContents();
    await expect.poll(words).toEqual(['Fresh bread', 'Open daily']);
    await expect.poll(() => previewBlock(frame, 5).locator('.marquee').getAttribute('style')).toContain('5s');

    // Map: name, address and a point; a latitude out of range is refused.
    panel = await addBlock(page, 'Map');
    await panel.getByLabel('Place name').fill('Corner Bakery');
    await panel.getByLabel('Address line 1').fill('1 Main Street');
    await panel.getByLabel('Latitude').fill('200');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Latitude must be a number from -90 to 90.');
    await panel.getByLabel('Latitude').fill('42.25');
    await panel.getByLabel('Longitude').fill('-73.79');
    await expect.poll(() => previewBlock(frame, 6).locator('figcaption').textContent()).toContain('Corner Bakery');
    await expect.poll(() => previewBlock(frame, 6).locator('figcaption').textContent()).toContain('1 Main Street');
    await expect
      .poll(() => previewBlock(frame, 6).locator('figcaption a').getAttribute('href'))
      .toContain('mlat=42.25&mlon=-73.79');

    // Summary: a collection, a title and a layout (the server fills in the items).
    panel = await addBlock(page, 'Summary');
    await panel.getByLabel('Collection').selectOption('blog');
    await panel.getByLabel('Title', { exact: true }).fill('From the journal');
    await panel.getByLabel('Layout').selectOption('list');

    // Newsletter: SPEC's message until a mailing list is chosen.
    panel = await addBlock(page, 'Newsletter');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('A List must be selected');
    await expectAccessible(page, 'the newsletter block settings');
    const list = panel.getByLabel('Mailing list');
    const newsletter = (await list.locator('option', { hasText: 'Newsletter' }).first().textContent()) ?? '';
    await list.selectOption({ label: newsletter });
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    await expect.poll(() => panel.locator('.ed-hint').last().textContent()).toContain('Newsletter');

    // Publish: a visitor gets every block from the server, the summary and newsletter included.
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(`/${title.toLowerCase().replace(/\s+/g, '-')}`);
    expect(response?.status()).toBe(200);
    const main = visitor.locator('main');
    expect(await main.locator('blockquote').textContent()).toContain('Less, but better.');
    expect(await main.locator('.block--video a').getAttribute('href')).toBe('https://vimeo.com/76979871');
    expect(await main.locator('.accordion summary').allTextContents()).toEqual(['Can I return things?']);
    expect(await main.locator('.summary--list .summary__title').textContent()).toBe('From the journal');
    expect(await main.locator('.tessera-newsletter').count()).toBe(1);
    await visitorContext.close();
    await page.context().close();
  });

  it('edits a chart’s dataset with SPEC’s rules in the chart editor loaded on demand', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'blocks' });
    const title = `Charts ${Date.now()}`;
    const frame = await newPage(page, title);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') chunks.push(new URL(request.url()).pathname);
    });
    const panel = await addBlock(page, 'Chart');
    await expect.poll(() => chunks.some((path) => /ChartForm/.test(path))).toBe(true);

    await panel.getByLabel('Chart type').selectOption('line');
    await panel.getByLabel('Chart title').fill('Visitors by season');
    const cell = panel.getByLabel('Row 1 column 1 value');
    await expect.poll(() => cell.inputValue()).toBe('120');

    // The preview draws the chart the server will: a labelled picture, and the numbers in a table.
    const chart = previewBlock(frame, 1);
    await expect
      .poll(() => chart.getByRole('img', { name: 'Visitors by season: line chart of Visitors' }).count())
      .toBe(1);
    await expect
      .poll(() => chart.getByRole('table').getByRole('row').allTextContents())
      .toEqual(['Visitors', 'Spring120', 'Summer180', 'Autumn90']);
    await expectAccessible(page, 'the chart dataset editor');

    // A blank or non-numeric cell: the row is missing data.
    await cell.fill('');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('One or more rows was missing data');
    await cell.fill('lots');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('One or more rows was missing data');
    await cell.fill('150');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);

    // Add a column: its empty cells are missing data until filled.
    await panel.getByRole('button', { name: 'Add column' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('One or more rows was missing data');
    await panel.getByRole('button', { name: 'Remove column 2' }).click();
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Remove column 1' }).isDisabled()).toBe(true);

    // Nothing typed at all.
    await panel.getByRole('button', { name: 'Remove row 3' }).click();
    await panel.getByRole('button', { name: 'Remove row 2' }).click();
    expect(await panel.getByRole('button', { name: 'Remove row 1' }).isDisabled()).toBe(true);
    await panel.getByLabel('Column 1 name').fill('');
    await panel.getByLabel('Row 1 label').fill('');
    await cell.fill('');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Enter some data!');

    // Pasted data: a header alone has no row; too much is cut to the limits, with the message.
    await panel.getByText('Paste from a spreadsheet').click();
    await panel.getByLabel('Pasted data').fill('Month,Sales');
    await panel.getByRole('button', { name: 'Use pasted data' }).click();
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('A dataset needs at least one column and one row.');
    const header = ['Month', ...Array.from({ length: 12 }, (_, i) => `S${i + 1}`)].join(',');
    const rows = Array.from({ length: 60 }, (_, r) => [`M${r + 1}`, ...Array(12).fill(String(r + 1))].join(','));
    await panel.getByLabel('Pasted data').fill([header, ...rows].join('\n'));
    await panel.getByRole('button', { name: 'Use pasted data' }).click();
    await expect
      .poll(() => panel.getByRole('status').textContent())
      .toBe('The dataset was truncated to 50 rows or 10 columns.');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
    expect(await panel.getByLabel('Row 50 label').inputValue()).toBe('M50');
    expect(await panel.getByLabel('Row 51 label').count()).toBe(0);
    expect(await panel.getByLabel('Column 10 name').inputValue()).toBe('S10');
    expect(await panel.getByLabel('Column 11 name').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Add row' }).isDisabled()).toBe(true);

    // Undo brings back the dataset before the paste, and the grid follows.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => panel.getByLabel('Row 1 label').inputValue()).toBe('Spring');
    await expect.poll(() => panel.getByLabel('Row 2 label').count()).toBe(0);
    // (The emptied series name was kept as "Series 1".)
    await expect
      .poll(() => chart.getByRole('table').getByRole('row').allTextContents())
      .toEqual(['Series 1', 'Spring150']);

    // Published: a visitor gets the same chart from the server, without running any script for it.
    await publish(page);
    const visitorContext = await newVisitor(browser, { javaScriptEnabled: false });
    const visitor = await visitorContext.newPage();
    expect((await visitor.goto(slugOf(title)))?.status()).toBe(200);
    const main = visitor.locator('main');
    expect(await main.getByRole('img', { name: 'Visitors by season: line chart of Series 1' }).count()).toBe(1);
    expect(await main.getByRole('table').getByRole('row').allTextContents()).toEqual(['Series 1', 'Spring150']);
    expect(await main.locator('.chart-block polyline').count()).toBe(1);
    await visitorContext.close();
    await page.context().close();
  });

  it('builds a form: fields added, typed, reordered and removed, with each type’s own properties', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'blocks' });
    const title = `Forms ${Date.now()}`;
    const frame = await newPage(page, title);
    const panel = await addBlock(page, 'Form');
    await panel.getByLabel('Form name').fill('Ask us anything');
    await expect
      .poll(() => panel.locator('.ed-item summary').allTextContents())
      .toEqual(['Field 1: Name (Name)', 'Field 2: Email (Email)', 'Field 3: Message (Text area)']);

    // A select field with its options; a select has no placeholder, a text field has.
    await panel.getByLabel('New field type').selectOption('select');
    await panel.getByRole('button', { name: 'Add field' }).click();
    await panel.getByLabel('Field 4 title').fill('Size');
    await panel.getByLabel('Field 4 options').fill('Small\nLarge\n\nSmall');
    expect(await panel.getByLabel('Field 4 placeholder').count()).toBe(0);
    await expectAccessible(page, 'the form builder');
    await panel.getByLabel('Field 4 is required').check();
    await panel.getByLabel('Field 4 options').fill('');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Size needs at least one option.');
    await panel.getByLabel('Field 4 options').fill('Small\nLarge');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);

    // Changing the type keeps what both types share: a hidden field has a key and value instead.
    await panel.getByLabel('Field 4 type').selectOption('hidden');
    expect(await panel.getByLabel('Field 4 options').count()).toBe(0);
    await expect.poll(() => panel.getByLabel('Field 4 key').inputValue()).toBe('source');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => panel.getByLabel('Field 4 options').inputValue()).toBe('Small\nLarge');

    // Reorder and remove.
    await panel.getByRole('button', { name: 'Move Field 4 up' }).click();
    await panel.getByRole('button', { name: 'Remove Field 1' }).click();
    await expect
      .poll(() => panel.locator('.ed-item summary').allTextContents())
      .toEqual(['Field 1: Email (Email)', 'Field 2: Size (Select)', 'Field 3: Message (Text area)']);
    await panel.getByLabel('Field 1 title').fill('');
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Every field needs a title.');
    await panel.getByLabel('Field 1 title').fill('Your email');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);

    // The preview shows the form as built, its fields in order.
    const form = previewBlock(frame, 1).getByRole('form', { name: 'Ask us anything' });
    await expect.poll(() => form.getByLabel('Your email').count()).toBe(1);
    await expect
      .poll(() => form.getByLabel('Size').locator('option').allTextContents())
      .toEqual(['Select Value', 'Small', 'Large']);
    expect(await form.getByLabel('Message').count()).toBe(1);
    expect(await form.getByRole('button', { name: 'Submit' }).count()).toBe(1);

    // Published: a visitor fills it in; a missing required answer is refused, then it is accepted.
    await publish(page);
    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    expect((await visitor.goto(slugOf(title)))?.status()).toBe(200);
    const block = visitor.locator('[data-island="form"]');
    await expect.poll(() => block.getAttribute('data-island-state')).toBe('live');
    const live = visitor.getByRole('form', { name: 'Ask us anything' });
    await live.getByLabel('Your email').fill('visitor@example.com');
    await live.getByLabel('Message').fill('Do you make mugs to order?');
    await live.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => live.getByRole('alert').filter({ hasText: 'Required' }).count()).toBe(1);
    await live.getByLabel('Size').selectOption('Large');
    await live.getByRole('button', { name: 'Submit' }).click();
    const success = block.locator('.tessera-form__success');
    await expect.poll(() => success.isVisible()).toBe(true);
    expect(await success.textContent()).toContain('Thank you!');
    await visitorContext.close();
    await page.context().close();
  });
});
