#!/usr/bin/env node
// Timeout: 300 s
// Editor benchmark. Four figures:
// 1. The editor's initial JavaScript, gzipped: the entry chunk of packages/editor/dist and the
//    chunks it imports statically (target ≤ 200 KB); chunks loaded on demand are listed apart.
// 2. Field change → preview updated, on a page of 60 blocks, in Chromium: the time from typing one
//    character in a text block's rich-text editor until the preview frame shows it, and until the
//    next animation frame after it (the paint). Target p95 ≤ 50 ms.
// 3. Keystroke → painted preview when typing on the canvas itself (issue 21): the same block edited in
//    place in the preview frame (Lexical there), one character per edit. Keystrokes come at a spread of
//    moments within a frame (as typing does, not just after a frame); the DOM change is timed exactly
//    (MutationObserver) and "painted" is when the first frame after it has been rendered (a task queued
//    from that frame's animation callback runs after its paint). Target p95 ≤ 16 ms.
// 4. Real key events (keystrokes.mjs): 200 characters typed with Playwright's keyboard into the canvas
//    text block and into a theme-editor file (CodeMirror, compiled and previewed as you type), key event
//    → after the next paint, with Event Timing's slow keydowns (≥ 16 ms); the ratio is against a bare
//    <textarea> on a blank page typed into the same way in the same run (before and after, pooled).
// Needs `npm run build` (server and editor) and Chromium at /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CLI, ROOT, startServer } from '../../e2e/support/server.mjs';
import { table } from '../lib/measure.mjs';
import { instrument, textareaBaseline, typeAndMeasure, typedText } from './keystrokes.mjs';

const EDITS = Number(process.env.BENCH_EDITS ?? 100);
const KEYS = Number(process.env.BENCH_KEYS ?? 200);
const BLOCKS = 60;
// BENCH_EDITOR_FRAMES=unthrottled starts Chromium without the display's 60 Hz frame clock, so "the next
// paint" comes as soon as the work before it is done instead of at the next vsync tick (up to 16.7 ms
// later): the figures then measure the editor's own latency, the baseline's the browser's.
const UNTHROTTLED = process.env.BENCH_EDITOR_FRAMES === 'unthrottled';
const FRAME_ARGS = UNTHROTTLED ? ['--disable-gpu-vsync', '--disable-frame-rate-limit'] : [];
const DIST = join(ROOT, 'packages/editor/dist');

function bundleSizes() {
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
  const initial = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || initial.has(entry.file)) return;
    initial.add(entry.file);
    for (const css of entry.css ?? []) initial.add(css);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  visit('src/main.tsx');
  const lazy = Object.values(manifest)
    .map((e) => e.file)
    .filter((f) => !initial.has(f));
  const js = [...initial].filter((f) => f.endsWith('.js'));
  return {
    initialJs: js.reduce((sum, f) => sum + gz(f), 0),
    initialCss: [...initial].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0),
    lazy: lazy.map((f) => ({ file: f, gz: gz(f) })),
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const sizes = bundleSizes();
console.log(
  `  initial JavaScript: ${(sizes.initialJs / 1024).toFixed(1)} KB gzipped (target ≤ 200 KB); CSS ${(sizes.initialCss / 1024).toFixed(1)} KB`,
);
for (const chunk of sizes.lazy) console.log(`  on demand: ${chunk.file} ${(chunk.gz / 1024).toFixed(1)} KB gzipped`);

process.stderr.write('  starting the server…\n');
const server = await startServer();
let failed = sizes.initialJs > 200 * 1024;
let browser;
try {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench password 123';
  const made = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', email, '--password', password, '--role', 'admin'],
    {
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(`create-owner failed: ${made.stderr}`);

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', ...FRAME_ARGS],
  });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/config/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/config$/);

  // A page of 60 text blocks, made through the owner API.
  const pageId = await page.evaluate(async (count) => {
    const crumb = /(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const headers = { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(crumb) };
    const made = await fetch('/api/config/pages', {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: `Bench ${Date.now()}` }),
    }).then((r) => r.json());
    const blocks = Array.from({ length: count }, (_, i) => ({
      id: `bench-${i}`,
      type: 2,
      settings: {},
      content: { html: `<p>Block number ${i}</p>` },
    }));
    await fetch(`/api/config/pages/${made.page.id}/draft`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ sections: [{ id: 'bench-s', settings: {}, blocks }] }),
    });
    return made.page.id;
  }, BLOCKS);
  await page.goto(`/config/pages/${pageId}`);
  const frame = await (await page.waitForSelector('iframe.ed-frame')).contentFrame();
  await frame.waitForFunction((n) => document.querySelectorAll('[data-tessera-block]').length === n, BLOCKS);
  await page.click('[data-block-id="bench-30"]');
  await page.waitForSelector('#ed-bench-30-rich [data-lexical-text], #ed-bench-30-rich p');

  // Typing in the text block's rich-text editor, as an owner does: one character inserted at the
  // end per edit (the browser's insertText, which Lexical handles like a key press).
  const samples = await page.evaluate(async (edits) => {
    const field = document.querySelector('#ed-bench-30-rich');
    const frameDoc = document.querySelector('iframe.ed-frame').contentDocument;
    const block = () => frameDoc.querySelector('[data-tessera-block="block-1-31"]');
    field.focus();
    const range = document.createRange();
    range.selectNodeContents(field);
    range.collapse(false);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    await new Promise((r) => setTimeout(r, 50));
    const dom = [];
    const paint = [];
    let typed = '';
    for (let i = 0; i < edits; i++) {
      const ch = 'abcdefghijklmnopqrstuvwxyz'[i % 26];
      typed += ch;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const start = performance.now();
      document.execCommand('insertText', false, ch);
      while (!block()?.textContent.includes(typed)) await new Promise((r) => requestAnimationFrame(r));
      dom.push(performance.now() - start);
      await new Promise((r) => requestAnimationFrame(r));
      paint.push(performance.now() - start);
    }
    return { dom, paint };
  }, EDITS);

  const rows = [
    ['preview DOM updated', samples.dom],
    ['next frame after it', samples.paint],
  ].map(([name, values]) => [
    name,
    percentile(values, 50).toFixed(1),
    percentile(values, 95).toFixed(1),
    Math.max(...values).toFixed(1),
  ]);
  console.log(`  field change → preview, ${BLOCKS} blocks, ${EDITS} edits (ms):`);
  console.log(table([['measure', 'p50', 'p95', 'max'], ...rows]));
  if (percentile(samples.paint, 95) > 50) {
    console.log('  p95 above the 50 ms target');
    failed = true;
  }

  // Typing on the canvas: a click on the selected block's text edits it in place.
  const text = '[data-tessera-block="block-1-31"] .block--html';
  await frame.click(text);
  if (!(await frame.$('[data-tessera-inline]'))) await frame.click(text);
  await frame.waitForSelector('[data-tessera-inline]');
  const inCanvas = await frame.evaluate(async (edits) => {
    const root = document.querySelector('[data-tessera-inline]');
    root.focus();
    const range = document.createRange();
    range.selectNodeContents(root);
    range.collapse(false);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    await new Promise((r) => setTimeout(r, 50));
    const dom = [];
    const paint = [];
    let typed = '';
    const frameDone = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
    for (let i = 0; i < edits; i++) {
      const ch = 'zyxwvutsrqponmlkjihgfedcba'[i % 26];
      typed += ch;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, (i * 7) % 15)));
      let changedAt;
      const observer = new MutationObserver(() => {
        if (changedAt === undefined && root.textContent.includes(typed)) changedAt = performance.now();
      });
      observer.observe(root, { subtree: true, childList: true, characterData: true });
      const start = performance.now();
      document.execCommand('insertText', false, ch);
      while (changedAt === undefined) await new Promise((r) => setTimeout(r, 0));
      observer.disconnect();
      dom.push(changedAt - start);
      paint.push((await frameDone()) - start);
    }
    // The floor of this browser and machine: a bare text change in the frame, timed the same way.
    const bare = document.body.appendChild(document.createElement('p'));
    const floor = [];
    for (let i = 0; i < edits; i++) {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, (i * 7) % 15)));
      const start = performance.now();
      bare.textContent = String(i);
      floor.push((await frameDone()) - start);
    }
    bare.remove();
    return { dom, paint, floor };
  }, EDITS);
  const canvasRows = [
    ['preview DOM updated', inCanvas.dom],
    ['next frame after it', inCanvas.paint],
    ['floor: bare text change → frame', inCanvas.floor],
  ].map(([name, values]) => [
    name,
    percentile(values, 50).toFixed(1),
    percentile(values, 95).toFixed(1),
    Math.max(...values).toFixed(1),
  ]);
  console.log(`  keystroke on the canvas → painted preview, ${BLOCKS} blocks, ${EDITS} edits (ms):`);
  console.log(table([['measure', 'p50', 'p95', 'max'], ...canvasRows]));
  if (percentile(inCanvas.paint, 95) > 16) console.log('  p95 above the 16 ms target');

  // 4. Real key events, against a bare textarea in the same browser (typed before and after).
  const baseBefore = await textareaBaseline(context, typedText(KEYS, 3));
  await frame.click(text);
  if (!(await frame.$('[data-tessera-inline]'))) await frame.click(text);
  await frame.waitForSelector('[data-tessera-inline]');
  await frame.evaluate(() => {
    const root = document.querySelector('[data-tessera-inline]');
    root.focus();
    const range = document.createRange();
    range.selectNodeContents(root);
    range.collapse(false);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
  });
  await instrument(frame);
  const canvasText = typedText(KEYS, 5);
  const canvasKeys = await typeAndMeasure(page, frame, canvasText);
  const inBlock = await frame.evaluate(() => document.querySelector('[data-tessera-inline]')?.textContent ?? '');
  if (!inBlock.includes(canvasText)) throw new Error('the typed characters did not all reach the canvas text block');
  await page.keyboard.press('Escape');

  // The theme editor (a page of its own, so the page editor is not navigated away from).
  const themePage = await context.newPage();
  await themePage.goto('/config/theme');
  await themePage
    .getByRole('navigation', { name: 'Theme files' })
    .getByRole('button', { name: 'site-footer.block' })
    .click();
  const source = themePage.locator('.te-source[data-file="partials/site-footer.block"] .cm-content');
  await source.waitFor();
  await source.click();
  await themePage.keyboard.press('Control+Home');
  await instrument(themePage);
  const themeText = typedText(KEYS, 11);
  const themeKeys = await typeAndMeasure(themePage, themePage, themeText);
  if (!((await source.textContent()) ?? '').includes(themeText))
    throw new Error('the typed characters did not all reach the theme file');
  await themePage.close();
  const baseAfter = await textareaBaseline(context, typedText(KEYS, 7));

  const base = [...baseBefore.frames, ...baseAfter.frames];
  const keyRows = [
    ['baseline: bare <textarea>, blank page (before + after)', base, baseBefore.slow.length + baseAfter.slow.length],
    ['canvas text block (inline Lexical)', canvasKeys.frames, canvasKeys.slow.length],
    ['theme editor file (CodeMirror, live compile)', themeKeys.frames, themeKeys.slow.length],
  ].map(([name, values, slow]) => [
    name,
    percentile(values, 50).toFixed(1),
    percentile(values, 95).toFixed(1),
    Math.max(...values).toFixed(1),
    `${(percentile(values, 50) / percentile(base, 50)).toFixed(2)} / ${(percentile(values, 95) / percentile(base, 95)).toFixed(2)}`,
    `${slow} / ${values.length}`,
  ]);
  console.log(`  real key event → after the next paint, ${KEYS} keys each (ms; ratio against the baseline):`);
  console.log(table([['target', 'p50', 'p95', 'max', 'ratio p50 / p95', 'Event Timing keydowns ≥ 16 ms'], ...keyRows]));
  for (const [name, values] of [
    ['canvas', canvasKeys.frames],
    ['theme editor', themeKeys.frames],
  ]) {
    if (percentile(values, 95) > 16) console.log(`  ${name}: p95 above the 16 ms target`);
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
