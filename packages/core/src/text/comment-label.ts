/** SPEC §5: 'No Comments', '1 Comment', 'N Comments'. */
export function commentLabel(count: number | null | undefined): string {
  const n = typeof count === 'number' && Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
  if (n === 0) return 'No Comments';
  return n === 1 ? '1 Comment' : `${n} Comments`;
}
