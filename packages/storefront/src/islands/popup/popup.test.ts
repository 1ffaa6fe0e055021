import { describe, expect, it } from 'vitest';
import { POPUP_STORAGE_KEYS, shouldShowPopup } from './popup.js';

function store(values: Record<string, string>) {
  return { getItem: (key: string) => values[key] ?? null };
}

describe('popup overlay: once per version', () => {
  it('shows when nothing is remembered, or for a new version', () => {
    expect(shouldShowPopup(store({}), '1')).toBe(true);
    expect(
      shouldShowPopup(store({ [POPUP_STORAGE_KEYS.version]: '1', [POPUP_STORAGE_KEYS.closedDate]: '2026-01-01' }), '2'),
    ).toBe(true);
    expect(shouldShowPopup(undefined, '1')).toBe(true);
  });

  it('stays hidden once closed or submitted for this version', () => {
    expect(
      shouldShowPopup(store({ [POPUP_STORAGE_KEYS.version]: '1', [POPUP_STORAGE_KEYS.closedDate]: '2026-01-01' }), '1'),
    ).toBe(false);
    expect(
      shouldShowPopup(store({ [POPUP_STORAGE_KEYS.version]: '1', [POPUP_STORAGE_KEYS.submitted]: 'true' }), '1'),
    ).toBe(false);
  });
});
