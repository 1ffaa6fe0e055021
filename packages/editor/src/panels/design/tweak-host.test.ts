import { describe, expect, it } from 'vitest';
import { type TweakNotice, TweakHost } from './tweak-host.js';

function host() {
  const announced: string[] = [];
  const tweaks = new TweakHost((n: TweakNotice) => announced.push(`${n.tweak}:${n.type}`));
  return { tweaks, announced };
}

describe('design panel tweak host', () => {
  it('announces a visit to two tabs in order: the first closes before the second opens', () => {
    const { tweaks, announced } = host();
    // Panel opens on Colours.
    tweaks.opening('colours');
    tweaks.shown('colours');
    tweaks.changed('colors.palette');
    // The owner picks the Fonts tab: the handler closes Colours, the old content unmounts, the new mounts.
    tweaks.closing('colours');
    tweaks.closed('colours');
    tweaks.opening('fonts');
    tweaks.shown('fonts');
    tweaks.changed('fonts.activeThemeId');
    tweaks.saved(['colors.palette', 'fonts.activeThemeId']);
    // The owner leaves the panel: the content unmounts without a close from a handler.
    tweaks.closed('fonts');
    expect(announced).toEqual([
      'colours:before open',
      'colours:after show',
      'colours:change',
      'colours:close',
      'colours:after close',
      'fonts:before open',
      'fonts:after show',
      'fonts:change',
      'fonts:save',
      'fonts:close',
      'fonts:after close',
    ]);
    expect(tweaks.current).toBeUndefined();
  });

  it('sends changes, saves and resets to the open tweak only, and refuses them when none is open', () => {
    const { tweaks, announced } = host();
    expect(tweaks.changed('buttons.shape')).toEqual({ ok: false, error: 'No design tweak is open.' });
    tweaks.opening('buttons');
    // Not shown yet: a change is out of order.
    expect(tweaks.changed('buttons.shape').ok).toBe(false);
    tweaks.shown('buttons');
    tweaks.reset();
    expect(announced).toEqual(['buttons:before open', 'buttons:after show', 'buttons:reset']);
    expect(tweaks.lifecycle('animations').state).toBe('closed');
  });

  it('tells its own listeners too, until they stop', () => {
    const { tweaks } = host();
    const heard: string[] = [];
    const off = tweaks.onAny((n) => heard.push(n.type));
    tweaks.opening('animations');
    off();
    tweaks.shown('animations');
    expect(heard).toEqual(['before open']);
  });
});
