import type { CLDR } from '@phensley/cldr';

/** Placeholder until unit conversion lands. */
export function formatUnit(_cldr: CLDR, _value: unknown, _args: readonly string[]): string | undefined {
  return undefined;
}
