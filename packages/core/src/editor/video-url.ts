// The video block's address rule (SPEC §5 "Editor": basic video-host accounts are unsupported).
//
// Tessera's rule for "a basic account": a video host's basic (free) plan can only share a video
// through its private link, which carries the video's privacy hash, or through a review page, and
// neither may be shown inside another site. So the editor refuses, with SPEC's message:
//   - Vimeo private links: vimeo.com/<id>/<hash>, vimeo.com/<id>?h=<hash>, player.vimeo.com/video/<id>?h=<hash>;
//   - Vimeo review pages: vimeo.com/<user>/review/<id>/<hash>;
//   - YouTube links that are not one video: a channel, a user, a playlist-only page (youtube.com/playlist).
// Public video pages (vimeo.com/<id>, youtube.com/watch?v=…, youtu.be/…) and https addresses on other
// hosts are accepted; the provider name shown on the block is worked out from the address.

export const VIDEO_MESSAGES = Object.freeze({
  unsupportedAccount: 'Please share a video from a different account.',
  invalid: 'Enter the web address of a video, such as https://vimeo.com/76979871',
});

export type VideoUrlResult = { ok: true; url: string; providerName: string } | { ok: false; message: string };

const PROVIDERS: readonly [RegExp, string][] = [
  [/(^|\.)youtube\.com$|(^|\.)youtu\.be$|(^|\.)youtube-nocookie\.com$/, 'YouTube'],
  [/(^|\.)vimeo\.com$/, 'Vimeo'],
];

/** Whether a Vimeo or YouTube address is one only a basic account's private sharing gives. */
function isBasicAccountLink(host: string, url: URL): boolean {
  const parts = url.pathname.split('/').filter(Boolean);
  if (/(^|\.)vimeo\.com$/.test(host)) {
    if (url.searchParams.has('h')) return true;
    if (parts.includes('review')) return true;
    // vimeo.com/<numeric id>/<hash>
    return parts.length >= 2 && /^\d+$/.test(parts[0]) && /^[0-9a-f]{6,}$/i.test(parts[1]);
  }
  if (/(^|\.)youtube\.com$/.test(host)) {
    const first = parts[0] ?? '';
    return ['channel', 'c', 'user', 'playlist'].includes(first) || first.startsWith('@');
  }
  return false;
}

/** Checks a video address as typed: `vimeo.com/123` is read as https. */
export function checkVideoUrl(raw: string): VideoUrlResult {
  const text = raw.trim();
  if (!text) return { ok: false, message: VIDEO_MESSAGES.invalid };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: VIDEO_MESSAGES.invalid };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.') || /\s/.test(text))
    return { ok: false, message: VIDEO_MESSAGES.invalid };
  const host = url.hostname.toLowerCase();
  if (isBasicAccountLink(host, url)) return { ok: false, message: VIDEO_MESSAGES.unsupportedAccount };
  const known = PROVIDERS.find(([pattern]) => pattern.test(host));
  const providerName = known ? known[1] : host.replace(/^www\./, '');
  return { ok: true, url: url.href, providerName };
}
