import { simpleReferrerHost } from './fast-ingest.js';

/** SPEC §9: phones are at most 432 px wide. */
const MOBILE_MAX_WIDTH = 432;
const TABLET_MAX_WIDTH = 1024;

/** Device class of a hit from its user agent and, when known, the window width ("1280x900"). */
export function deviceOf(userAgent: string, windowSize?: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  const width = Number(windowSize?.split('x')[0]);
  if (width > 0 && width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width > MOBILE_MAX_WIDTH && width <= TABLET_MAX_WIDTH && /Touch/i.test(userAgent)) return 'tablet';
  return 'desktop';
}

/** Host of a referrer URL, '' for none, for an unparsable value, or for the site itself. */
export function referrerHost(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return '';
  try {
    const host = simpleReferrerHost(referrer) ?? new URL(referrer).host.toLowerCase();
    return host === ownHost.toLowerCase() ? '' : host;
  } catch {
    return '';
  }
}
