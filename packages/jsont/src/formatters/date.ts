/** The `date` formatter: strftime-style patterns in the site's time zone. */
import { siteTimeZone, toEpoch } from '../i18n/context.js';
import { compileStrftime, formatStrftime, type StrftimePattern } from '../i18n/strftime.js';
import { type FormatterTable, type RenderContext, VALUE_BINDERS, valueFormatter } from '../plugin.js';
import { argsMemo } from '../runtime/args-memo.js';

/** Julian day 0 (1 January 4713 B.C., proleptic Julian calendar) in epoch milliseconds. */
const FIRST_INSTANT = -210_866_760_000_000;
/** The last millisecond of 8652 A.D. */
const LAST_INSTANT = Date.UTC(8652, 11, 31, 23, 59, 59, 999);

/** Each distinct argument list is split into a pattern once. */
const patternOf: (args: readonly string[]) => StrftimePattern = argsMemo((args) => compileStrftime(args.join(' ')));

/** `date` with its pattern: empty without one. */
function formatDate(value: unknown, pattern: StrftimePattern | undefined, ctx: RenderContext): string {
  if (pattern === undefined) return '';
  const epoch = toEpoch(value);
  if (!Number.isFinite(epoch)) return '';
  if (epoch < FIRST_INSTANT || epoch > LAST_INSTANT) {
    ctx.error('formatter', 'Date out of range: Julian days must fall between 4713 B.C. and 8652 A.D.');
    return '';
  }
  return formatStrftime(epoch, siteTimeZone(ctx), pattern);
}

const date = valueFormatter((value, args, ctx) =>
  formatDate(value, args.length === 0 ? undefined : patternOf(args), ctx),
);
VALUE_BINDERS.set(date, (args) => {
  const pattern = args.length === 0 ? undefined : patternOf(args);
  return (value, _args, ctx) => formatDate(value, pattern, ctx);
});

export const DATE_FORMATTERS: FormatterTable = { date };
