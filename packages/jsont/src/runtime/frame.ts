/**
 * Frames: one level of scope each, and the slots through which compiled sections and loops
 * reuse theirs from one execution to the next.
 */
import type { Exec, Runtime } from './context.js';

/**
 * A frame's variables (`.var`, `.ctx`, `@args`): few per frame, so kept in two short lists
 * searched in order, which a loop empties for its next element without allocating.
 */
export class Vars {
  private readonly names: string[] = [];
  private readonly values: unknown[] = [];
  private size = 0;

  get(name: string): unknown {
    for (let i = 0; i < this.size; i++) if (this.names[i] === name) return this.values[i];
    return undefined;
  }

  set(name: string, value: unknown): void {
    for (let i = 0; i < this.size; i++) {
      if (this.names[i] === name) {
        this.values[i] = value;
        return;
      }
    }
    this.names[this.size] = name;
    this.values[this.size] = value;
    this.size++;
  }

  /** Forget every variable (and the values, so nothing of a render stays reachable). */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.values[i] = undefined;
    this.size = 0;
  }

  /** Each variable, in the order first set. */
  forEach(fn: (value: unknown, name: string) => void): void {
    for (let i = 0; i < this.size; i++) fn(this.values[i], this.names[i] as string);
  }
}

/** One level of scope: a node, its variables and macros. */
export class Frame {
  /** Index of the current iteration when this frame is a repeated section, else -1. */
  index = -1;
  vars: Vars | undefined = undefined;
  macros: Map<string, Exec> | undefined = undefined;
  /** A private partial: lookups do not continue past this frame. */
  stop = false;
  constructor(
    public node: unknown,
    public parent: Frame | undefined,
  ) {}
}

/**
 * A frame that one compiled instruction reuses on every execution, saving an
 * allocation per section or formatted variable. When the instruction is
 * re-entered (a macro applying itself) the inner execution gets a fresh frame.
 * Generated code does what `enter` and `leave` do in place (see generator.ts).
 */
export class FrameSlot {
  readonly frame = new Frame(undefined, undefined);
  busy = false;

  /** Make a frame holding `node` current; pass the result to `leave`. */
  enter(rt: Runtime, node: unknown): Frame {
    const parent = rt.frame;
    let frame: Frame;
    if (this.busy) {
      frame = new Frame(node, parent);
    } else {
      this.busy = true;
      frame = this.frame;
      frame.node = node;
      frame.parent = parent;
    }
    rt.frame = frame;
    return frame;
  }

  /** Make `outer` current again and release the frame. */
  leave(rt: Runtime, frame: Frame, outer: Frame): void {
    rt.frame = outer;
    if (frame === this.frame) {
      // Drop every reference so the slot keeps nothing of this render alive.
      frame.node = undefined;
      frame.parent = undefined;
      frame.vars = undefined;
      frame.macros = undefined;
      frame.stop = false;
      frame.index = -1;
      this.busy = false;
    }
  }
}

/**
 * The two frames of a repeated section (the array, whose `index` counts, and its current
 * element), reused by one compiled instruction on every execution like `FrameSlot`.
 */
export class LoopSlot {
  private readonly array = new Frame(undefined, undefined);
  private readonly element = new Frame(undefined, this.array);
  private busy = false;

  /** Make a frame holding `array` current; the element frame to fill on each iteration. */
  enter(rt: Runtime, array: unknown): Frame {
    let frame: Frame;
    let element: Frame;
    if (this.busy) {
      frame = new Frame(array, rt.frame);
      element = new Frame(undefined, frame);
    } else {
      this.busy = true;
      frame = this.array;
      frame.node = array;
      frame.parent = rt.frame;
      element = this.element;
    }
    rt.frame = frame;
    return element;
  }

  /** Make the frame outside the array's current again and release the frames. */
  leave(rt: Runtime, element: Frame): void {
    const frame = element.parent as Frame;
    rt.frame = frame.parent as Frame;
    if (element === this.element) {
      frame.node = undefined;
      frame.parent = undefined;
      frame.index = -1;
      frame.vars = undefined;
      frame.macros = undefined;
      frame.stop = false;
      element.node = undefined;
      element.vars = undefined;
      element.macros = undefined;
      element.stop = false;
      this.busy = false;
    }
  }
}
