// SPEC §4 tweak lifecycle: a design panel ("tweak") is announced before it opens, after it shows,
// on every change, save and reset while open, when it closes and after it has closed. The order is
// a small state machine; events out of order are refused as values and reach no listener.

import type { TweakEvent } from './site-admin.js';

export type TweakState = 'closed' | 'opening' | 'open' | 'closing';

/** What each event tells its listeners besides the tweak's name. */
export interface TweakEventDetail {
  'before open': Record<never, never>;
  'after show': Record<never, never>;
  /** `path` names what changed, e.g. `colors.palette` or `buttons.shape`. */
  change: { path: string };
  /** The paths the save sent. */
  save: { paths: readonly string[] };
  reset: Record<never, never>;
  close: Record<never, never>;
  'after close': Record<never, never>;
}

export type TweakListener<E extends TweakEvent> = (event: { tweak: string; type: E } & TweakEventDetail[E]) => void;

export type TweakResult = { ok: true; state: TweakState } | { ok: false; error: string };

/** From which states each event may come, and the state it leads to (`null`: stays). */
const TRANSITIONS: Record<TweakEvent, { from: readonly TweakState[]; to: TweakState | null }> = {
  'before open': { from: ['closed'], to: 'opening' },
  'after show': { from: ['opening'], to: 'open' },
  change: { from: ['open'], to: null },
  save: { from: ['open'], to: null },
  reset: { from: ['open'], to: null },
  close: { from: ['opening', 'open'], to: 'closing' },
  'after close': { from: ['closing'], to: 'closed' },
};

/** The state after `event` in `state`, or why the event cannot come now. */
export function nextTweakState(state: TweakState, event: TweakEvent): TweakResult {
  const rule = TRANSITIONS[event];
  if (!rule.from.includes(state)) {
    return { ok: false, error: `A tweak that is ${state} cannot emit "${event}".` };
  }
  return { ok: true, state: rule.to ?? state };
}

export interface TweakLifecycle {
  readonly name: string;
  readonly state: TweakState;
  /** Moves the tweak on and tells the listeners; out of order, nothing happens and the error is returned. */
  emit<E extends TweakEvent>(
    type: E,
    ...detail: keyof TweakEventDetail[E] extends never ? [] : [TweakEventDetail[E]]
  ): TweakResult;
  /** Listens to one event; returns the function that stops listening. */
  on<E extends TweakEvent>(type: E, listener: TweakListener<E>): () => void;
  /** Listens to every event. */
  onAny(listener: (event: { tweak: string; type: TweakEvent }) => void): () => void;
}

/** A typed emitter for one tweak, starting closed. Listeners run in the order they were added. */
export function createTweakLifecycle(name: string): TweakLifecycle {
  let state: TweakState = 'closed';
  const listeners = new Map<TweakEvent, Set<(event: never) => void>>();
  const any = new Set<(event: { tweak: string; type: TweakEvent }) => void>();

  return {
    name,
    get state() {
      return state;
    },
    emit(type, ...detail) {
      const result = nextTweakState(state, type);
      if (!result.ok) return result;
      state = result.state;
      const event = { ...(detail[0] ?? {}), tweak: name, type };
      for (const listener of [...(listeners.get(type) ?? [])]) (listener as (e: typeof event) => void)(event);
      for (const listener of [...any]) listener(event);
      return result;
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener as (event: never) => void);
      return () => set.delete(listener as (event: never) => void);
    },
    onAny(listener) {
      any.add(listener);
      return () => any.delete(listener);
    },
  };
}
