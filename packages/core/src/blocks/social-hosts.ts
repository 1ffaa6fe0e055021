// Profile hosts the social links block recognises: the service's class name, its name (the link's
// accessible name) and the short mark shown as its icon. Nothing is fetched: the icon is text.

export interface SocialService {
  service: string;
  name: string;
  mark: string;
}

const SERVICES: readonly (SocialService & { hosts: readonly string[] })[] = [
  { service: 'instagram', name: 'Instagram', mark: 'IG', hosts: ['instagram.com'] },
  { service: 'facebook', name: 'Facebook', mark: 'f', hosts: ['facebook.com', 'fb.com'] },
  { service: 'x', name: 'X', mark: 'X', hosts: ['x.com', 'twitter.com'] },
  { service: 'youtube', name: 'YouTube', mark: 'YT', hosts: ['youtube.com', 'youtu.be'] },
  { service: 'tiktok', name: 'TikTok', mark: 'TT', hosts: ['tiktok.com'] },
  { service: 'linkedin', name: 'LinkedIn', mark: 'in', hosts: ['linkedin.com'] },
  { service: 'pinterest', name: 'Pinterest', mark: 'P', hosts: ['pinterest.com'] },
  { service: 'bandcamp', name: 'Bandcamp', mark: 'BC', hosts: ['bandcamp.com'] },
  { service: 'soundcloud', name: 'SoundCloud', mark: 'SC', hosts: ['soundcloud.com'] },
  { service: 'spotify', name: 'Spotify', mark: 'Sp', hosts: ['spotify.com'] },
  { service: 'vimeo', name: 'Vimeo', mark: 'V', hosts: ['vimeo.com'] },
  { service: 'github', name: 'GitHub', mark: 'GH', hosts: ['github.com'] },
  { service: 'threads', name: 'Threads', mark: '@', hosts: ['threads.net', 'threads.com'] },
  { service: 'bluesky', name: 'Bluesky', mark: 'B', hosts: ['bsky.app'] },
  { service: 'mastodon', name: 'Mastodon', mark: 'M', hosts: ['mastodon.social'] },
  { service: 'tumblr', name: 'Tumblr', mark: 't', hosts: ['tumblr.com'] },
  { service: 'twitch', name: 'Twitch', mark: 'Tw', hosts: ['twitch.tv'] },
  { service: 'etsy', name: 'Etsy', mark: 'E', hosts: ['etsy.com'] },
  { service: 'behance', name: 'Behance', mark: 'Be', hosts: ['behance.net'] },
  { service: 'dribbble', name: 'Dribbble', mark: 'Dr', hosts: ['dribbble.com'] },
];

/** The service a profile address belongs to, by its host (subdomains included), if recognised. */
export function socialServiceOf(url: string): SocialService | undefined {
  if (/^mailto:/i.test(url)) return { service: 'email', name: 'Email', mark: '@' };
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const found = SERVICES.find((s) => s.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
  return found ? { service: found.service, name: found.name, mark: found.mark } : undefined;
}

/** The host name without `www.`, for links to services not in the table. */
export function hostLabelOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}
