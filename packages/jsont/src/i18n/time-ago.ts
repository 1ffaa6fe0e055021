/** English "time ago" wording of the `timesince` formatter (SPEC §9). */

const DAY_S = 86_400;

function phrase(count: number, unit: string): string {
  if (count === 1) return unit === 'hour' ? 'about an hour ago' : `about a ${unit} ago`;
  return `about ${count} ${unit}s ago`;
}

/** Describe a past delta in milliseconds: years, months of 30 days, weeks, days, hours, minutes. */
export function timeAgo(deltaMs: number): string {
  let seconds = Math.trunc(deltaMs / 1000);
  const days = Math.trunc(seconds / DAY_S);
  const years = Math.trunc(days / 365);
  if (years > 0) return phrase(years, 'year');
  const months = Math.trunc(days / 30);
  if (months > 0) return phrase(months, 'month');
  const weeks = Math.trunc(days / 7);
  if (weeks > 0) return phrase(weeks, 'week');
  if (days > 0) return phrase(days, 'day');
  seconds -= days * DAY_S;
  const hours = Math.trunc(seconds / 3600);
  if (hours > 0) return phrase(hours, 'hour');
  const minutes = Math.trunc(seconds / 60);
  if (minutes > 0) return phrase(minutes, 'minute');
  return 'less than a minute ago';
}
