/**
 * SPEC §5's message for unselected variant options, undefined when none is missing:
 * one → 'Please select the Size option.'; two → 'Please select the Size and Color options.';
 * more → 'Please select the Size, Color and Material options.' (no serial comma).
 */
export function missingOptionsMessage(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  if (names.length === 1) return `Please select the ${names[0]} option.`;
  const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Please select the ${list} options.`;
}
