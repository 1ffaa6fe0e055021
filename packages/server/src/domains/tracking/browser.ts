/**
 * The browser family and major version of a user agent, for grouping error reports ("Chrome 126",
 * "Firefox 128", "Safari 17", "Edge 126"); "Other" when none is recognised.
 */
export function browserOf(userAgent: string): string {
  const match = (pattern: RegExp) => pattern.exec(userAgent)?.[1];
  const named: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /(?:OPR|Opera)\/(\d+)/],
    ['Samsung Internet', /SamsungBrowser\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ];
  for (const [name, pattern] of named) {
    const version = match(pattern);
    if (version) return `${name} ${version}`;
  }
  if (/Safari\//.test(userAgent)) {
    const version = match(/Version\/(\d+)/);
    return version ? `Safari ${version}` : 'Safari';
  }
  return 'Other';
}
