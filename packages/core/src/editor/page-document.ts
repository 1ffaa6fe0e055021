// The owner page API's shapes (`/api/config/pages`), shared by the server that answers them and
// the editor that reads them.

/** One row of the pages panel: the collection tree flattened, parents before children. */
export interface PageSummary {
  id: string;
  title: string;
  slug: string;
  kind: string;
  type: number;
  parentId: string | null;
  position: number;
  status: string;
  hasDraft: boolean;
  isFolder: boolean;
  folderBehavior: number | null;
  navVisible: boolean;
}

/** A page's settings as the settings dialog shows them. */
export interface PageSettingsView {
  title: string;
  slug: string;
  navigationTitle: string;
  seoTitle: string;
  seoDescription: string;
  passwordProtected: boolean;
  membersOnly: boolean;
  status: string;
  publishAt: string | null;
  /** Folders only (SPEC §3): index 1, redirect 2, none 3; null for pages. */
  folderBehavior: number | null;
  /** Where a redirect folder sends visitors ('' when none). */
  redirectUrl: string;
  /** Blogs and events: what their RSS feed (`?format=rss`) carries. */
  feedContent: 'full' | 'excerpt';
  /** Search engines are asked to leave the page out (`noindex`, not in the sitemap). */
  hideFromSearch: boolean;
}

/** One page as the editor opens it. */
export interface PageDocument {
  summary: PageSummary;
  settings: PageSettingsView;
  /** What visitors see. */
  published: { sections: unknown[] };
  /** The draft the editor works on (the published sections when there is no draft). */
  draft: { sections: unknown[] };
  draftUpdatedAt: string | null;
}
