import { blockContentProblems, MEDIA_BLOCK_LIMITS } from '@tessera/core';
import { listRules } from '@tessera/core/editor';
import { type BlockFormProps, blockEdits, CheckField, ItemTools, TextField } from './common.js';
import { Problems } from './Problems.js';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface TourDate {
  date: string;
  venue: string;
  city: string;
  ticketUrl: string;
  soldOut: boolean;
}

const dateRules = listRules<TourDate>({ minItems: 1, maxItems: MEDIA_BLOCK_LIMITS.maxTourDates }, () => ({
  date: new Date().toISOString().slice(0, 10),
  venue: '',
  city: '',
  ticketUrl: '',
  soldOut: false,
}));

function datesOf(content: Record<string, unknown>): TourDate[] {
  return (Array.isArray(content.dates) ? content.dates : [])
    .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
    .map((d) => ({
      date: str(d.date),
      venue: str(d.venue),
      city: str(d.city),
      ticketUrl: str(d.ticketUrl),
      soldOut: d.soldOut === true,
    }));
}

/**
 * Tour dates: `content.title` and `content.dates` of `{ date, venue, city, ticketUrl, soldOut }`.
 * Visitors see upcoming dates (from today in the site's time zone) and past ones apart.
 */
export function TourDatesForm(props: BlockFormProps) {
  const { set, setMany } = blockEdits(props);
  const { block } = props;
  const dates = datesOf(block.content);
  const write = (next: TourDate[], coalesce?: string) => setMany([['content', 'dates', next]], coalesce);
  const change = (i: number, patch: Partial<TourDate>, what: string) =>
    write(
      dates.map((d, j) => (j === i ? { ...d, ...patch } : d)),
      `dates.${i}.${what}`,
    );
  return (
    <>
      <TextField label="Heading" value={str(block.content.title)} onChange={(v) => set('content', 'title', v)} />
      <ol className="ed-items">
        {dates.map((entry, i) => {
          const name = `Date ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: dates have no ids; the position is the identity
            <li key={i} className="ed-item">
              <fieldset>
                <legend>{name}</legend>
                <TextField
                  label={`${name} day`}
                  value={entry.date}
                  hint="YYYY-MM-DD"
                  onChange={(v) => change(i, { date: v }, 'date')}
                />
                <TextField
                  label={`${name} venue`}
                  value={entry.venue}
                  onChange={(v) => change(i, { venue: v }, 'venue')}
                />
                <TextField label={`${name} city`} value={entry.city} onChange={(v) => change(i, { city: v }, 'city')} />
                <TextField
                  label={`${name} ticket link`}
                  type="url"
                  value={entry.ticketUrl}
                  onChange={(v) => change(i, { ticketUrl: v }, 'ticketUrl')}
                />
                <CheckField
                  label={`${name} is sold out`}
                  checked={entry.soldOut}
                  onChange={(v) => change(i, { soldOut: v }, 'soldOut')}
                />
                <ItemTools
                  name={name}
                  index={i}
                  count={dates.length}
                  canRemove={dateRules.canRemove(dates)}
                  onMove={(to) => write(dateRules.move(dates, i, to))}
                  onRemove={() => write(dateRules.remove(dates, i))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" disabled={!dateRules.canAdd(dates)} onClick={() => write(dateRules.add(dates))}>
        Add date
      </button>
      <Problems problems={blockContentProblems(block)} />
      <p className="ed-hint">The preview shows where the dates go; visitors see them split into upcoming and past.</p>
    </>
  );
}
