/**
 * Localized commerce strings are ICU-style messages ("from {fromPrice}",
 * "{duration, plural, one {# year} other {# years}}"): format them with the
 * language's message formatter, in the render's locale and site time zone.
 */
import { siteTimeZone } from '../i18n/context.js';
import { formatMessage } from '../i18n/messages.js';
import type { RenderContext } from '../plugin.js';
import { fillPlaceholders } from '../values/html.js';

/** Arguments are named, and positional in the order given (`{0}` is the first). */
export function formatCommerceMessage(
  ctx: RenderContext,
  message: string,
  args: ReadonlyArray<readonly [string, unknown]>,
): string {
  const named = Object.fromEntries(args);
  const positional = args.map(([, value]) => value);
  try {
    return formatMessage(ctx.cldr(), message, positional, named, siteTimeZone(ctx));
  } catch {
    // Without locale data (or with a message the formatter rejects) fall back to plain placeholders.
    return fillPlaceholders(message, { ...named, ...Object.fromEntries(positional.map((v, i) => [String(i), v])) });
  }
}
