import { hostLabelOf, socialServiceOf } from './social-hosts.js';
import { type BlockViewBase, recordsOf, safeHrefOf, textOf, webAddressOf } from './view-values.js';

// Views of the link block (13: a title, an address and a description) and the social links blocks
// (19, 48, 54: profile addresses, each named and marked by its recognised host).

/** Link block: `content.title`, `content.url` (site path, http(s) or mailto only), `content.description`. */
export function linkView(content: Record<string, unknown>, base: BlockViewBase): Record<string, unknown> | undefined {
  const url = safeHrefOf(content.url);
  if (url === '#') return undefined;
  const external = /^https?:\/\//i.test(url);
  return {
    ...base,
    url,
    title: textOf(content.title).trim() || (external ? hostLabelOf(url) : url),
    description: textOf(content.description).trim(),
    host: external ? hostLabelOf(url) : '',
  };
}

/**
 * Social links: `content.links` of `{ url, label?, service? }`. The service comes from the address's
 * host (a stored `service` only for hosts the table does not know); the link's name is its label,
 * else the service's name. Only http(s) and mailto addresses are kept. With `settings.iconsOnly`
 * the names are read out but not shown beside the marks.
 */
export function socialLinksView(
  content: Record<string, unknown>,
  settings: Record<string, unknown>,
  base: BlockViewBase,
): Record<string, unknown> {
  const links = recordsOf(content.links).flatMap((link) => {
    const raw = textOf(link.url).trim();
    const url = webAddressOf(raw) || (/^mailto:[^\s@]+@[^\s@]+$/i.test(raw) ? raw : '');
    if (!url) return [];
    const known = socialServiceOf(url);
    const stored = textOf(link.service)
      .replace(/[^a-z0-9-]/gi, '')
      .toLowerCase();
    const name = known?.name ?? (hostLabelOf(url) || stored || 'Link');
    return [
      {
        url,
        service: known?.service ?? (stored || 'link'),
        mark: known?.mark ?? name.slice(0, 1).toUpperCase(),
        label: textOf(link.label).trim() || name,
      },
    ];
  });
  return { ...base, links, iconsOnly: settings.iconsOnly === true, title: textOf(content.title).trim() };
}
