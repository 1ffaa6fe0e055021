// Enter and Escape (`ui/use-editor-keys.ts`) ask the canvas to start or stop editing text in place
// through one window event, so the keyboard hook needs no handle on the canvas. The canvas answers
// by cancelling the event: `requestInlineEditing` is true when it did what was asked.

const INLINE_EVENT = 'tessera:inline-editing';

export type InlineRequest = 'start' | 'stop';

/** Asks the canvas to start (on the selected block) or stop editing text in place. True when it did. */
export function requestInlineEditing(action: InlineRequest): boolean {
  if (typeof window === 'undefined') return false;
  return !window.dispatchEvent(new CustomEvent(INLINE_EVENT, { detail: action, cancelable: true }));
}

/** Listens for requests; `handle` answers whether it acted. Answers the function that stops listening. */
export function onInlineRequest(handle: (action: InlineRequest) => boolean): () => void {
  const listener = (event: Event) => {
    if (handle((event as CustomEvent<InlineRequest>).detail)) event.preventDefault();
  };
  window.addEventListener(INLINE_EVENT, listener);
  return () => window.removeEventListener(INLINE_EVENT, listener);
}
