import type { TweakEvent } from '@tessera/core';
import { createTweakLifecycle, type TweakLifecycle, type TweakResult } from '@tessera/core/editor';

/** The design panel's tweaks (SPEC §2 "Site editor" panels), in tab order. */
export const TWEAKS = ['colours', 'fonts', 'buttons', 'animations'] as const;
export type TweakName = (typeof TWEAKS)[number];

export interface TweakNotice {
  tweak: string;
  type: TweakEvent;
}

/**
 * The tweak lifecycles of the design panel, one per tab: the tabs report when they open, show and
 * close, and the panel reports changes, saves and resets on the tweak that is open. Every event
 * also goes to `announce` (the panel sends it as a `tessera:tweak` window event, so the preview and
 * tests can follow along).
 */
export class TweakHost {
  private readonly lifecycles = new Map<string, TweakLifecycle>();
  private readonly listeners = new Set<(notice: TweakNotice) => void>();
  /** The tweak last opened and not yet closed. */
  current: TweakName | undefined;

  constructor(announce?: (notice: TweakNotice) => void) {
    for (const name of TWEAKS) {
      const lifecycle = createTweakLifecycle(name);
      lifecycle.onAny((event) => {
        const notice = { tweak: event.tweak, type: event.type };
        announce?.(notice);
        for (const listener of [...this.listeners]) listener(notice);
      });
      this.lifecycles.set(name, lifecycle);
    }
  }

  lifecycle(name: TweakName): TweakLifecycle {
    return this.lifecycles.get(name) as TweakLifecycle;
  }

  onAny(listener: (notice: TweakNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Before the tab's content is shown. */
  opening(name: TweakName): TweakResult {
    const result = this.lifecycle(name).emit('before open');
    if (result.ok) this.current = name;
    return result;
  }

  /** Once the tab's content is on screen. */
  shown(name: TweakName): TweakResult {
    return this.lifecycle(name).emit('after show');
  }

  /** The owner leaves the tab (another tab, or the panel). */
  closing(name: TweakName): TweakResult {
    const lifecycle = this.lifecycle(name);
    if (lifecycle.state !== 'opening' && lifecycle.state !== 'open') return { ok: true, state: lifecycle.state };
    return lifecycle.emit('close');
  }

  /** The tab's content is gone: closes it first if nobody did. */
  closed(name: TweakName): TweakResult {
    this.closing(name);
    const result = this.lifecycle(name).emit('after close');
    if (this.current === name) this.current = undefined;
    return result;
  }

  changed(path: string): TweakResult {
    return this.onCurrent((l) => l.emit('change', { path }));
  }

  saved(paths: readonly string[]): TweakResult {
    return this.onCurrent((l) => l.emit('save', { paths }));
  }

  reset(): TweakResult {
    return this.onCurrent((l) => l.emit('reset'));
  }

  private onCurrent(run: (lifecycle: TweakLifecycle) => TweakResult): TweakResult {
    if (!this.current) return { ok: false, error: 'No design tweak is open.' };
    return run(this.lifecycle(this.current));
  }
}
