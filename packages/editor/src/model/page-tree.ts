import type { PageSummary } from '@tessera/core/contracts/pages';

/** The order the page API stores (`PUT /api/config/pages/order`): positions follow the array. */
export type PageOrder = { id: string; parentId: string | null }[];

export interface TreeRow {
  page: PageSummary;
  depth: number;
}

/** Children by parent (null: top level), in the order given; a page whose parent is gone is top level. */
function childrenByParent(pages: PageSummary[]): Map<string | null, PageSummary[]> {
  const ids = new Set(pages.map((p) => p.id));
  const byParent = new Map<string | null, PageSummary[]>();
  for (const page of pages) {
    const parent = page.parentId && ids.has(page.parentId) ? page.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), page]);
  }
  return byParent;
}

function flatten(byParent: Map<string | null, PageSummary[]>): TreeRow[] {
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const page of byParent.get(parent) ?? []) {
      if (seen.has(page.id)) continue;
      seen.add(page.id);
      out.push({ page, depth });
      walk(page.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

const orderOf = (rows: TreeRow[]): PageOrder => rows.map(({ page }) => ({ id: page.id, parentId: page.parentId }));

/** Pages in tree order: each parent followed by its children, with their depth. */
export function treeOrder(pages: PageSummary[]): TreeRow[] {
  return flatten(childrenByParent(pages));
}

/** The folders a page can move into: every folder except the page itself and folders inside it. */
export function moveTargets(pages: PageSummary[], id: string): PageSummary[] {
  const inside = new Set([id]);
  for (const { page } of treeOrder(pages)) if (page.parentId && inside.has(page.parentId)) inside.add(page.id);
  return treeOrder(pages)
    .map((r) => r.page)
    .filter((p) => p.isFolder && !inside.has(p.id));
}

/**
 * The order after page `id` moves into folder `parentId` (null: the top level), as that folder's
 * last page; pages inside it move along. Undefined when it is already there or the move is not allowed.
 */
export function orderForMove(pages: PageSummary[], id: string, parentId: string | null): PageOrder | undefined {
  const page = pages.find((p) => p.id === id);
  if (!page || (page.parentId ?? null) === parentId) return undefined;
  if (parentId !== null && !moveTargets(pages, id).some((p) => p.id === parentId)) return undefined;
  const byParent = childrenByParent(pages);
  const from = page.parentId && byParent.has(page.parentId) ? page.parentId : null;
  byParent.set(
    from,
    (byParent.get(from) ?? []).filter((p) => p.id !== id),
  );
  byParent.set(parentId, [...(byParent.get(parentId) ?? []), { ...page, parentId }]);
  return orderOf(flatten(byParent));
}

/** The order after page `id` moves one place up (-1) or down (1) among its siblings; undefined at the ends. */
export function orderForStep(pages: PageSummary[], id: string, delta: -1 | 1): PageOrder | undefined {
  const byParent = childrenByParent(pages);
  for (const [parent, siblings] of byParent) {
    const i = siblings.findIndex((p) => p.id === id);
    if (i < 0) continue;
    const j = i + delta;
    if (j < 0 || j >= siblings.length) return undefined;
    const swapped = [...siblings];
    [swapped[i], swapped[j]] = [swapped[j] as PageSummary, swapped[i] as PageSummary];
    byParent.set(parent, swapped);
    return orderOf(flatten(byParent));
  }
  return undefined;
}
