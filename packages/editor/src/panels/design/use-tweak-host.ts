import { useState } from 'react';
import { TweakHost, type TweakNotice } from './tweak-host.js';

/** The window event every tweak lifecycle event is also sent as (`detail`: `{ tweak, type }`). */
export const TWEAK_WINDOW_EVENT = 'tessera:tweak';

function announce(notice: TweakNotice): void {
  window.dispatchEvent(new CustomEvent(TWEAK_WINDOW_EVENT, { detail: notice }));
}

/** The panel's tweak host, made once per panel visit. */
export function useTweakHost(): TweakHost {
  const [host] = useState(() => new TweakHost(announce));
  return host;
}
