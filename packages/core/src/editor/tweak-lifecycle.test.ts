import { describe, expect, it } from 'vitest';
import { TWEAK_EVENTS, type TweakEvent } from './site-admin.js';
import { createTweakLifecycle, nextTweakState } from './tweak-lifecycle.js';

function recorded(name = 'colors') {
  const tweak = createTweakLifecycle(name);
  const seen: string[] = [];
  tweak.onAny((event) => seen.push(`${event.tweak}:${event.type}`));
  return { tweak, seen };
}

describe('tweak lifecycle', () => {
  it('runs a whole visit in the SPEC order: before open, after show, changes, save or reset, close, after close', () => {
    const { tweak, seen } = recorded();
    expect(tweak.state).toBe('closed');
    expect(tweak.emit('before open')).toEqual({ ok: true, state: 'opening' });
    expect(tweak.emit('after show')).toEqual({ ok: true, state: 'open' });
    tweak.emit('change', { path: 'colors.palette' });
    tweak.emit('save', { paths: ['colors.palette'] });
    tweak.emit('change', { path: 'colors.activeThemeId' });
    tweak.emit('reset');
    tweak.emit('close');
    expect(tweak.emit('after close')).toEqual({ ok: true, state: 'closed' });
    expect(seen).toEqual([
      'colors:before open',
      'colors:after show',
      'colors:change',
      'colors:save',
      'colors:change',
      'colors:reset',
      'colors:close',
      'colors:after close',
    ]);
    // Every SPEC event took part.
    expect(new Set(seen.map((s) => s.split(':')[1]))).toEqual(new Set(TWEAK_EVENTS));
  });

  it('refuses events out of order as values, tells no listener and keeps its state', () => {
    const { tweak, seen } = recorded('fonts');
    expect(tweak.emit('change', { path: 'fonts.themes' })).toEqual({
      ok: false,
      error: 'A tweak that is closed cannot emit "change".',
    });
    expect(tweak.emit('after show').ok).toBe(false);
    expect(tweak.emit('after close').ok).toBe(false);
    tweak.emit('before open');
    expect(tweak.emit('before open').ok).toBe(false);
    expect(tweak.emit('save', { paths: [] }).ok).toBe(false);
    expect(tweak.state).toBe('opening');
    expect(seen).toEqual(['fonts:before open']);
  });

  it('may close while still opening, and opens again after it has closed', () => {
    const { tweak, seen } = recorded('buttons');
    tweak.emit('before open');
    tweak.emit('close');
    expect(tweak.emit('change', { path: 'buttons.shape' }).ok).toBe(false);
    tweak.emit('after close');
    tweak.emit('before open');
    tweak.emit('after show');
    expect(seen).toEqual([
      'buttons:before open',
      'buttons:close',
      'buttons:after close',
      'buttons:before open',
      'buttons:after show',
    ]);
  });

  it('gives each listener its event with the detail, and stops when told', () => {
    const tweak = createTweakLifecycle('animations');
    const changes: { tweak: string; type: TweakEvent; path: string }[] = [];
    const saves: readonly string[][] = [];
    const off = tweak.on('change', (event) => changes.push(event));
    tweak.on('save', (event) => (saves as string[][]).push([...event.paths]));
    tweak.emit('before open');
    tweak.emit('after show');
    tweak.emit('change', { path: 'animations.tweenMs' });
    off();
    tweak.emit('change', { path: 'animations.style' });
    tweak.emit('save', { paths: ['animations'] });
    expect(changes).toEqual([{ tweak: 'animations', type: 'change', path: 'animations.tweenMs' }]);
    expect(saves).toEqual([['animations']]);
  });

  it('states the transition table', () => {
    expect(nextTweakState('open', 'change')).toEqual({ ok: true, state: 'open' });
    expect(nextTweakState('open', 'close')).toEqual({ ok: true, state: 'closing' });
    expect(nextTweakState('closing', 'close').ok).toBe(false);
    expect(nextTweakState('closing', 'reset').ok).toBe(false);
  });
});
