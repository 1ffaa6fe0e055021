// Tax rates: people type percent ("8.25"), the API keeps basis points (825).

/** "8.25" (percent) → 825 basis points; undefined when the text is not a rate with at most 2 decimals. */
export function basisPointsOf(text: string): number | undefined {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function percentOf(basisPoints: number): string {
  return (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');
}
