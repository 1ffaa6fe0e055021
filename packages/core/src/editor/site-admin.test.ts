import { describe, expect, it } from 'vitest';
import {
  ANIMATION_DEFAULTS,
  COLLECTION_LIMITS,
  DESIGN_DIRTY_PATHS,
  FONT_CATEGORIES,
  fontPackChange,
  SITE_ADMIN_MESSAGES,
  TWEAK_EVENTS,
} from './site-admin.js';

describe('site admin rules', () => {
  it('carries the SPEC constants', () => {
    expect(DESIGN_DIRTY_PATHS).toHaveLength(6);
    expect(FONT_CATEGORIES).toContain('Slab Serif');
    expect(ANIMATION_DEFAULTS).toEqual({ scrollOffset: 30, tweenMs: 300 });
    expect(COLLECTION_LIMITS).toEqual({ productsPerCollection: 200, itemsInOrderableCollection: 250 });
    expect(TWEAK_EVENTS).toEqual(['change', 'close', 'save', 'reset', 'before open', 'after show', 'after close']);
    expect(Object.isFrozen(DESIGN_DIRTY_PATHS)).toBe(true);
  });

  it('words the editor messages as SPEC §8 does', () => {
    expect(SITE_ADMIN_MESSAGES.timeZone('Mars/Base')).toBe(
      'Failed to load timezone Mars/Base. Retry connection or verify site availability.',
    );
    expect(SITE_ADMIN_MESSAGES.unableToLoadFontPreview('Lora')).toBe('Unable to load preview for Lora');
  });

  it('tracks a font-pack change as clean-to-dirty or dirty-to-dirty', () => {
    expect(fontPackChange(false)).toBe('clean-to-dirty');
    expect(fontPackChange(true)).toBe('dirty-to-dirty');
  });
});
