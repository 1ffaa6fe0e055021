// The two imports the panel offers (issue 19), each the editor's face of a `tessera import` command.

export interface PlannedRow {
  line: number;
  action: 'create' | 'update';
  urlId: string;
  title: string;
  url: string;
  /** Products: how many variants; posts: published, draft or scheduled. */
  detail: string;
}

export interface ImportReport {
  dryRun: boolean;
  created: number;
  updated: number;
  planned: PlannedRow[];
  problems: { line: number; reason: string }[];
  /** Things a person should act on (a file too large to copy keeps its old address). */
  warnings?: string[];
  /** The report as the command line prints it (shown under "Details"). */
  text: string;
}

export interface ImportKind {
  id: 'products' | 'wordpress';
  title: string;
  intro: string;
  accept: string;
  contentType: string;
  endpoint: string;
  /** "product" / "item" (posts and pages), for counts. */
  noun: string;
  problemLabel: string;
  /** A tick box asking the server to copy the file's pictures too (`fetchMedia=true`), when the kind can. */
  mediaLabel?: string;
  toReport(body: Record<string, unknown>): ImportReport;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
export const countText = (n: number, noun: string) => plural(n, noun);

type Row = Record<string, unknown>;
const rows = (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []);

function planned(body: Row, detail: (row: Row) => string): PlannedRow[] {
  return rows(body.planned).map((row) => ({
    line: Number(row.line),
    action: row.action === 'update' ? 'update' : 'create',
    urlId: String(row.urlId),
    title: String(row.title),
    url: String(row.url),
    detail: detail(row),
  }));
}

const problems = (value: unknown) => rows(value).map((r) => ({ line: Number(r.line), reason: String(r.reason) }));

export const IMPORT_KINDS: Record<ImportKind['id'], ImportKind> = {
  products: {
    id: 'products',
    title: 'Import products',
    intro:
      'A product CSV exported from Shopify or Squarespace (the format is recognised from its header). You see what would be created, updated and rejected first; nothing changes until you import. Importing the same file again updates the products it made.',
    accept: '.csv,text/csv',
    contentType: 'text/csv',
    endpoint: '/api/config/imports/products',
    noun: 'product',
    problemLabel: 'Rejected',
    mediaLabel: "Copy the products' pictures into this site (downloaded from their addresses)",
    toReport: (body) => {
      const pictures = body.images as { failed?: unknown } | null | undefined;
      return {
        dryRun: body.dryRun === true,
        created: Number(body.created),
        updated: Number(body.updated),
        planned: planned(body, (row) => {
          const count = rows(row.images).length;
          const variants = plural(Number(row.variants), 'variant');
          return pictures && count > 0 ? `${variants}, ${plural(count, 'picture')}` : variants;
        }),
        problems: problems(body.rejected),
        // A picture that could not be fetched: the product came in without it.
        warnings: rows(pictures?.failed).map(
          (f) => `Line ${Number(f.line)}: picture ${String(f.url)} not imported (${String(f.reason)}).`,
        ),
        text: String(body.text ?? ''),
      };
    },
  },
  wordpress: {
    id: 'wordpress',
    title: 'Import from WordPress',
    intro:
      'A WordPress export file (Tools › Export in WordPress): posts, drafts, scheduled posts, excerpts, authors, categories, tags and comments go into your blog, and pages become pages of your site (not yet linked in the navigation). You see what would happen first; importing the same file again updates what it made and adds only new comments.',
    accept: '.xml,application/xml,text/xml',
    contentType: 'application/xml',
    endpoint: '/api/config/imports/wordpress',
    noun: 'item',
    problemLabel: 'Skipped',
    mediaLabel:
      "Copy the export's pictures into this site, with its MP3 sound and MP4 video (downloaded from the old site or Squarespace's CDN)",
    toReport: (body) => {
      const pages = rows(body.pages).map((row) => ({
        line: Number(row.line),
        action: row.action === 'update' ? ('update' as const) : ('create' as const),
        urlId: String(row.url).slice(1),
        title: String(row.title),
        url: String(row.url),
        detail: `page, ${String(row.status)}`,
      }));
      const newPages = pages.filter((p) => p.action === 'create').length;
      return {
        dryRun: body.dryRun === true,
        created: Number(body.created) + newPages,
        updated: Number(body.updated) + pages.length - newPages,
        planned: [
          ...planned(
            body,
            (row) =>
              `${String(row.status)}${Number(row.newComments) > 0 ? `, ${plural(Number(row.newComments), 'new comment')}` : ''}`,
          ),
          ...pages,
        ].sort((a, b) => a.line - b.line),
        problems: problems(body.skipped),
        warnings: Array.isArray((body.media as { warnings?: unknown } | null)?.warnings)
          ? ((body.media as { warnings: unknown[] }).warnings.map(String) as string[])
          : [],
        text: String(body.text ?? ''),
      };
    },
  },
};
