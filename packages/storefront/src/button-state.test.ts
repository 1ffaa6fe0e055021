import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AddButtonPhase, addButtonLabel, createAddButtonMachine } from './button-state.js';

describe('add-to-cart button machine (SPEC §4)', () => {
  let phases: AddButtonPhase[];
  beforeEach(() => {
    vi.useFakeTimers();
    phases = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows Added! 1 s after success, then idle 2 s later', () => {
    const machine = createAddButtonMachine((phase) => phases.push(phase));
    expect(machine.start()).toBe(true);
    machine.succeed();
    expect(machine.phase).toBe('adding');
    vi.advanceTimersByTime(999);
    expect(machine.phase).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(machine.phase).toBe('added');
    vi.advanceTimersByTime(1999);
    expect(machine.phase).toBe('added');
    vi.advanceTimersByTime(1);
    expect(machine.phase).toBe('idle');
    expect(phases).toEqual(['adding', 'added', 'idle']);
  });

  it('returns to idle 1 s after a failure without showing Added!', () => {
    const machine = createAddButtonMachine((phase) => phases.push(phase));
    machine.start();
    machine.fail();
    vi.advanceTimersByTime(999);
    expect(machine.phase).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['adding', 'idle']);
  });

  it('ignores a second start while busy', () => {
    const machine = createAddButtonMachine((phase) => phases.push(phase));
    expect(machine.start()).toBe(true);
    expect(machine.start()).toBe(false);
    machine.succeed();
    vi.advanceTimersByTime(1000);
    expect(machine.start()).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(machine.start()).toBe(true);
  });

  it('stops its timers when disposed', () => {
    const machine = createAddButtonMachine((phase) => phases.push(phase));
    machine.start();
    machine.succeed();
    machine.dispose();
    vi.advanceTimersByTime(5000);
    expect(phases).toEqual(['adding']);
  });
});

describe('addButtonLabel', () => {
  it('maps phases to the SPEC labels and idle to the original label', () => {
    expect(addButtonLabel('adding', 'Add To Cart')).toBe('Adding…');
    expect(addButtonLabel('added', 'Add To Cart')).toBe('Added!');
    expect(addButtonLabel('idle', 'Add This')).toBe('Add This');
  });
});
