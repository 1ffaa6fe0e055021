import { parseXml, textOf, type XmlElement } from '../../platform/xml/xml-read.js';

// RSS 2.0 (and RSS 1.0/RDF) and Atom feeds read with the server's own strict XML reader (no
// DOCTYPE, no entities beyond XML's own), for the RSS block. Only what the block shows is kept:
// titles as plain text, links resolved against the feed and kept only when http(s), dates.

export interface FeedEntry {
  title: string;
  /** An absolute http(s) address, or '' when the entry had none usable. */
  link: string;
  /** Epoch milliseconds, 0 when missing or unreadable. */
  date: number;
}

export interface ParsedFeed {
  title: string;
  entries: FeedEntry[];
}

const MAX_ENTRIES = 50;
const MAX_TITLE = 300;

const local = (name: string): string => name.slice(name.indexOf(':') + 1);
const elements = (parent: XmlElement): XmlElement[] =>
  parent.children.filter((c): c is XmlElement => typeof c !== 'string');
const named = (parent: XmlElement, name: string): XmlElement[] =>
  elements(parent).filter((e) => local(e.name) === name);

/** All text inside an element (an Atom `type="html"` title's markup is dropped, never printed). */
function plainText(element: XmlElement | undefined): string {
  if (!element) return '';
  const deep = (e: XmlElement): string => e.children.map((c) => (typeof c === 'string' ? c : deep(c))).join('');
  const raw = element.attrs.type === 'html' ? deep(element).replace(/<[^>]*>/g, ' ') : deep(element);
  return raw.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE);
}

function httpLink(raw: string, base: string): string {
  if (!raw.trim()) return '';
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

const textIn = (element: XmlElement | undefined): string => (element ? textOf(element) : '');

function dateOf(raw: string): number {
  const at = Date.parse(raw.trim());
  return Number.isFinite(at) ? at : 0;
}

function atomLink(entry: XmlElement, base: string): string {
  const links = named(entry, 'link');
  const chosen = links.find((l) => !l.attrs.rel || l.attrs.rel === 'alternate') ?? links[0];
  return chosen ? httpLink(chosen.attrs.href ?? '', base) : '';
}

/** The feed's title and entries; throws (XmlSyntaxError or Error) when `xml` is not a feed. */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed {
  const root = parseXml(xml);
  const kind = local(root.name);
  if (kind === 'feed') {
    return {
      title: plainText(named(root, 'title')[0]),
      entries: named(root, 'entry')
        .slice(0, MAX_ENTRIES)
        .map((entry) => ({
          title: plainText(named(entry, 'title')[0]),
          link: atomLink(entry, feedUrl),
          date: dateOf(textIn(named(entry, 'published')[0] ?? named(entry, 'updated')[0])),
        })),
    };
  }
  if (kind === 'rss' || kind === 'RDF') {
    const channel = named(root, 'channel')[0];
    if (kind === 'rss' && !channel) throw new Error('An RSS feed without a channel.');
    const items = kind === 'rss' && channel ? named(channel, 'item') : named(root, 'item');
    return {
      title: plainText(channel ? named(channel, 'title')[0] : undefined),
      entries: items.slice(0, MAX_ENTRIES).map((item) => ({
        title: plainText(named(item, 'title')[0]),
        link: httpLink(textIn(named(item, 'link')[0]), feedUrl),
        date: dateOf(textIn(named(item, 'pubDate')[0] ?? named(item, 'date')[0])),
      })),
    };
  }
  throw new Error(`Not an RSS or Atom feed (root element <${root.name.slice(0, 40)}>).`);
}
