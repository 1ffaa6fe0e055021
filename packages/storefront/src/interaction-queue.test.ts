// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { classifyInteraction, InteractionQueue, replayInteraction } from './interaction-queue.js';

let root: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = `<article data-island="product">
    <div class="sqs-add-to-cart-button" role="button" tabindex="0"><div class="sqs-add-to-cart-button-inner">Add</div></div>
    <button class="plain" type="button">Plain</button>
    <label role="button" for="r1">Red</label><input type="radio" id="r1" value="red">
    <a href="/elsewhere">link</a>
    <select data-variant-option-name="Size"><option value="">Select</option><option value="M">M</option></select>
  </article>`;
  root = document.querySelector('article')!;
});
const $ = (selector: string) => root.querySelector(selector)!;

describe('classifyInteraction', () => {
  it('holds clicks on buttons, attributing them to the control', () => {
    const found = classifyInteraction({ type: 'click' }, $('.sqs-add-to-cart-button-inner'), root);
    expect(found).toEqual({ kind: 'activate', target: $('.sqs-add-to-cart-button'), preventDefault: true });
  });
  it('turns Enter and Space on a role=button into an activation, but not on native buttons', () => {
    expect(classifyInteraction({ type: 'keydown', key: 'Enter' }, $('.sqs-add-to-cart-button'), root)?.kind).toBe(
      'activate',
    );
    expect(classifyInteraction({ type: 'keydown', key: ' ' }, $('.sqs-add-to-cart-button'), root)?.kind).toBe(
      'activate',
    );
    expect(classifyInteraction({ type: 'keydown', key: 'a' }, $('.sqs-add-to-cart-button'), root)).toBeUndefined();
    expect(classifyInteraction({ type: 'keydown', key: 'Enter' }, $('button.plain'), root)).toBeUndefined();
  });
  it('leaves links and radio labels to the browser', () => {
    expect(classifyInteraction({ type: 'click' }, $('a'), root)).toBeUndefined();
    expect(classifyInteraction({ type: 'click' }, $('label'), root)).toBeUndefined();
  });
  it('replays field changes without holding them back', () => {
    expect(classifyInteraction({ type: 'change' }, $('select'), root)).toEqual({
      kind: 'change',
      target: $('select'),
      preventDefault: false,
    });
    expect(classifyInteraction({ type: 'change' }, root, root)).toBeUndefined();
  });
});

describe('InteractionQueue', () => {
  it('keeps order, collapses repeats on the same control and drains per root', () => {
    const queue = new InteractionQueue();
    const button = $('.sqs-add-to-cart-button');
    const select = $('select');
    queue.push(root, { kind: 'change', target: select });
    queue.push(root, { kind: 'activate', target: button });
    queue.push(root, { kind: 'activate', target: button });
    expect(queue.size(root)).toBe(2);
    expect(queue.take(root).map((item) => item.target)).toEqual([select, button]);
    expect(queue.take(root)).toEqual([]);
  });
  it('drops the oldest beyond its limit', () => {
    const queue = new InteractionQueue(2);
    queue.push(root, { kind: 'change', target: $('select') });
    queue.push(root, { kind: 'activate', target: $('button.plain') });
    queue.push(root, { kind: 'activate', target: $('.sqs-add-to-cart-button') });
    expect(queue.take(root).map((item) => item.target)).toEqual([$('button.plain'), $('.sqs-add-to-cart-button')]);
  });
});

describe('replayInteraction', () => {
  it('dispatches a click for activations and a bubbling change for fields', () => {
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push(`click:${(event.target as Element).className}`));
    root.addEventListener('change', (event) => seen.push(`change:${(event.target as Element).tagName}`));
    replayInteraction({ kind: 'activate', target: $('.sqs-add-to-cart-button') });
    replayInteraction({ kind: 'change', target: $('select') });
    expect(seen).toEqual(['click:sqs-add-to-cart-button', 'change:SELECT']);
  });
  it('skips elements that left the document', () => {
    const button = $('.sqs-add-to-cart-button') as HTMLElement;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    button.remove();
    replayInteraction({ kind: 'activate', target: button });
    expect(clicks).toBe(0);
  });
});
