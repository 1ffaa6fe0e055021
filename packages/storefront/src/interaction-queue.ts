/**
 * Holds the first interactions with an island that arrive before its code is live, so they can
 * be replayed once it is. Pure bookkeeping plus a replay that dispatches ordinary DOM events.
 */
export type InteractionKind = 'activate' | 'change' | 'input' | 'submit';

export interface QueuedInteraction {
  kind: InteractionKind;
  target: Element;
}

export interface Classification {
  kind: InteractionKind;
  /** The element the interaction is replayed on (the control, not the inner node clicked). */
  target: Element;
  /** Whether the browser's own default must be held back until the replay. */
  preventDefault: boolean;
}

/** Event types the loader listens to (capture phase) on island roots before they are live. */
export const QUEUED_EVENT_TYPES = ['click', 'keydown', 'change', 'input', 'submit'] as const;

const ACTIVATABLE = 'button, [role="button"], input[type="submit"], input[type="button"]';

/**
 * Decides whether an early event is queued. Clicks on buttons (and role=button elements,
 * activated by Enter or Space) are held and replayed; changes to fields are replayed so the
 * island sees them; links and labels keep their native behaviour.
 */
export function classifyInteraction(
  event: { type: string; key?: string },
  target: Element,
  root: Element,
): Classification | undefined {
  if (event.type === 'click' || event.type === 'keydown') {
    const control = target.closest(ACTIVATABLE);
    if (!control || !root.contains(control) || control.tagName === 'LABEL') return undefined;
    if (control.getAttribute('aria-disabled') === 'true' || (control as HTMLButtonElement).disabled) return undefined;
    if (event.type === 'keydown') {
      // Native buttons turn Enter/Space into a click already; only role=button needs a hand.
      const native = control.tagName === 'BUTTON' || control.tagName === 'INPUT';
      if (native || (event.key !== 'Enter' && event.key !== ' ')) return undefined;
    }
    return { kind: 'activate', target: control, preventDefault: true };
  }
  if (event.type === 'change' || event.type === 'input') {
    if (!/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return undefined;
    return { kind: event.type, target, preventDefault: false };
  }
  if (event.type === 'submit' && target.tagName === 'FORM') {
    return { kind: 'submit', target, preventDefault: true };
  }
  return undefined;
}

/** Interactions per island root, oldest first, with repeats collapsed. */
export class InteractionQueue {
  private readonly pending = new Map<Element, QueuedInteraction[]>();

  constructor(private readonly limitPerRoot = 10) {}

  push(root: Element, interaction: QueuedInteraction): void {
    const list = this.pending.get(root) ?? [];
    // A field's latest value is all that matters, and an impatient double click is one click.
    const index = list.findIndex((item) => item.target === interaction.target && item.kind === interaction.kind);
    if (index >= 0) list.splice(index, 1);
    list.push(interaction);
    if (list.length > this.limitPerRoot) list.shift();
    this.pending.set(root, list);
  }

  /** Removes and returns the root's interactions. */
  take(root: Element): QueuedInteraction[] {
    const list = this.pending.get(root) ?? [];
    this.pending.delete(root);
    return list;
  }

  size(root: Element): number {
    return this.pending.get(root)?.length ?? 0;
  }
}

/** Plays one interaction again as the DOM events the live island listens to. */
export function replayInteraction(interaction: QueuedInteraction): void {
  const { kind, target } = interaction;
  if (!target.isConnected) return;
  if (kind === 'activate') {
    (target as HTMLElement).click();
  } else if (kind === 'submit') {
    const form = target as HTMLFormElement;
    if (typeof form.requestSubmit === 'function') form.requestSubmit();
    else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  } else {
    target.dispatchEvent(new Event(kind, { bubbles: true }));
  }
}
