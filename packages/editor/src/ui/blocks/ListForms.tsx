import {
  type AccordionItem,
  accordionItems,
  accordionProblem,
  accordionRules,
  BLOCK_RANGES,
  MARQUEE_LIMITS,
  marqueeItems,
  marqueeRules,
} from '@tessera/core/editor';
import { lazy, Suspense } from 'react';
import { type BlockFormProps, blockEdits, CheckField, ItemTools, RangeField, TextField } from './common.js';

const RichText = lazy(() => import('../RichText.js'));

/**
 * Accordion: `content.items` of `{ title, html }` (add, remove, reorder; at least one, at most 30)
 * and `settings.openFirst`. Each item's text is rich text, stored as HTML as the runtime prints it.
 */
export function AccordionForm(props: BlockFormProps) {
  const { set, setMany } = blockEdits(props);
  const { block } = props;
  const items = accordionItems(block.content);
  const problem = accordionProblem(items);
  const write = (next: AccordionItem[], coalesce?: string) => setMany([['content', 'items', next]], coalesce);
  const change = (i: number, patch: Partial<AccordionItem>, what: string) =>
    write(
      items.map((item, j) => (j === i ? { ...item, ...patch } : item)),
      `items.${i}.${what}`,
    );
  return (
    <>
      <CheckField
        label="Open the first item"
        checked={block.settings.openFirst === true}
        onChange={(v) => set('settings', 'openFirst', v, false)}
      />
      <ol className="ed-items">
        {items.map((item, i) => {
          const name = `Item ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; the position is the identity
            <li key={i} className="ed-item">
              <fieldset>
                <legend>{name}</legend>
                <TextField
                  label={`${name} title`}
                  value={item.title}
                  onChange={(v) => change(i, { title: v }, 'title')}
                />
                <div className="ed-field">
                  <span className="ed-label">{name} text</span>
                  <Suspense fallback={<p className="ed-hint">Loading the text editor…</p>}>
                    <RichText
                      id={`ed-${block.id}-item-${i}`}
                      label={`${name} text`}
                      html={item.html}
                      onChange={(html) => change(i, { html }, 'html')}
                    />
                  </Suspense>
                </div>
                <ItemTools
                  name={name}
                  index={i}
                  count={items.length}
                  canRemove={accordionRules.canRemove(items)}
                  onMove={(to) => write(accordionRules.move(items, i, to))}
                  onRemove={() => write(accordionRules.remove(items, i))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {problem && (
        <p className="ed-field-error" role="alert">
          {problem}
        </p>
      )}
      <button type="button" disabled={!accordionRules.canAdd(items)} onClick={() => write(accordionRules.add(items))}>
        Add item
      </button>
    </>
  );
}

/** Marquee: `content.items`, a row of short texts that scrolls, and `settings.speed` (seconds per loop, 5–120). */
export function MarqueeForm(props: BlockFormProps) {
  const { set, setMany } = blockEdits(props);
  const { block } = props;
  const items = marqueeItems(block.content);
  const speed = BLOCK_RANGES.marqueeSpeed;
  const write = (next: string[], coalesce?: string) => setMany([['content', 'items', next]], coalesce);
  const stored = block.settings.speed;
  return (
    <>
      <ol className="ed-items">
        {items.map((text, i) => {
          const name = `Text ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: texts have no ids; the position is the identity
            <li key={i} className="ed-item">
              <TextField
                label={name}
                value={text}
                onChange={(v) =>
                  write(
                    items.map((t, j) => (j === i ? v.slice(0, MARQUEE_LIMITS.maxLength) : t)),
                    `items.${i}`,
                  )
                }
              />
              <ItemTools
                name={name}
                index={i}
                count={items.length}
                canRemove={marqueeRules.canRemove(items)}
                onMove={(to) => write(marqueeRules.move(items, i, to))}
                onRemove={() => write(marqueeRules.remove(items, i))}
              />
            </li>
          );
        })}
      </ol>
      <button type="button" disabled={!marqueeRules.canAdd(items)} onClick={() => write(marqueeRules.add(items))}>
        Add text
      </button>
      <RangeField
        label="Seconds per loop"
        value={typeof stored === 'number' ? Math.min(Math.max(stored, speed.min), speed.max) : speed.default}
        min={speed.min}
        max={speed.max}
        onChange={(v) => set('settings', 'speed', v)}
      />
    </>
  );
}
