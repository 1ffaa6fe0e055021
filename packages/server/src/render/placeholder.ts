/**
 * Stand-ins for a missing image: up to two initials of the title on one of six theme tones
 * (`.tone-0` … `.tone-5` in theme.css), picked from the id so a product keeps its colour.
 */
export function initialsOf(title: string): string {
  const words = title
    .replace(/\(.*?\)/g, ' ')
    .split(/[\s&/-]+/)
    .filter((word) => /^\p{L}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export function toneOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return hash % 6;
}
