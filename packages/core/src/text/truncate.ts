/**
 * Shortens text to at most `length` characters and appends `suffix` when anything was cut
 * (SPEC §9: default length 100, suffix '...'). Cuts at the last space inside the limit so words
 * stay whole, unless that would leave nothing; trailing spaces before the suffix are dropped.
 * Counts code points, so surrogate pairs are never split.
 */
export function truncate(text: string, length = 100, suffix = '...'): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  const limit = Math.max(0, length);
  let cut = chars.slice(0, limit).join('');
  const endsAtWord = /\s/.test(chars[limit] ?? '');
  const space = endsAtWord ? -1 : cut.search(/\s\S*$/);
  if (space > 0) cut = cut.slice(0, space);
  return `${cut.trimEnd()}${suffix}`;
}
