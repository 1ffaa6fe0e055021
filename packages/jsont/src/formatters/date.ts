/** The `date` formatter: strftime-style patterns in the site's time zone. */
import { siteTimeZone, toEpoch } from '../i18n/context.js';
import { strftime } from '../i18n/strftime.js';
import { type FormatterTable, valueFormatter } from '../plugin.js';

export const DATE_FORMATTERS: FormatterTable = {
  date: valueFormatter((value, args, ctx) => {
    if (args.length === 0) return '';
    const epoch = toEpoch(value);
    if (!Number.isFinite(epoch)) return '';
    return strftime(epoch, siteTimeZone(ctx), args.join(' '));
  }),
};
