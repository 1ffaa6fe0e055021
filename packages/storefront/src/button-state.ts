import { BUTTON_TIMINGS, CART_MESSAGES } from '@tessera/core';

/** SPEC §4: idle → adding → (1 s after success) added → (2 s later) idle; failure → idle after 1 s. */
export type AddButtonPhase = 'idle' | 'adding' | 'added';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AddButtonMachine {
  readonly phase: AddButtonPhase;
  /** Enters 'adding'; false (and nothing happens) unless the button is idle. */
  start(): boolean;
  succeed(): void;
  fail(): void;
  dispose(): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createAddButtonMachine(
  onChange: (phase: AddButtonPhase) => void,
  timers: Timers = defaultTimers,
  timings: typeof BUTTON_TIMINGS = BUTTON_TIMINGS,
): AddButtonMachine {
  let phase: AddButtonPhase = 'idle';
  let pending: unknown;

  const enter = (next: AddButtonPhase) => {
    phase = next;
    onChange(next);
  };
  const later = (ms: number, next: () => void) => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = undefined;
      next();
    }, ms);
  };

  return {
    get phase() {
      return phase;
    },
    start() {
      if (phase !== 'idle') return false;
      enter('adding');
      return true;
    },
    succeed() {
      if (phase !== 'adding') return;
      later(timings.addedDelayMs, () => {
        enter('added');
        later(timings.addedDisplayMs, () => enter('idle'));
      });
    },
    fail() {
      if (phase !== 'adding') return;
      later(timings.failureResetMs, () => enter('idle'));
    },
    dispose() {
      if (pending !== undefined) timers.clearTimeout(pending);
      pending = undefined;
    },
  };
}

/** The button text for a phase; idle shows the label the server rendered. */
export function addButtonLabel(phase: AddButtonPhase, originalLabel: string): string {
  if (phase === 'adding') return CART_MESSAGES.adding;
  if (phase === 'added') return CART_MESSAGES.added;
  return originalLabel;
}
