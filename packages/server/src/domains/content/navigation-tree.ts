import { FolderBehavior, isFolderClickable } from '@tessera/core';
import type { NavigationNode, Page } from '@tessera/core/site';

/**
 * Builds the tree from flat pages: children sit under their folder in position order. A folder's
 * URL follows SPEC §3/§4: index → its first child's URL, redirect → its redirect URL, none → null.
 */
export function navigationTree(pages: Page[]): NavigationNode[] {
  const nodes = new Map<string, NavigationNode>();
  for (const page of pages) {
    const isFolder = page.folderBehavior != null;
    nodes.set(page.id, {
      id: page.id,
      title: page.title,
      slug: page.slug,
      type: page.type,
      kind: page.kind,
      url: isFolder ? null : page.fullUrl,
      isFolder,
      folderBehavior: page.folderBehavior,
      children: [],
    });
  }
  const roots: NavigationNode[] = [];
  for (const page of pages) {
    const node = nodes.get(page.id)!;
    const parent = page.parentId ? nodes.get(page.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const page of pages) {
    const node = nodes.get(page.id)!;
    if (!node.isFolder) continue;
    if (!isFolderClickable(page.folderBehavior) || page.folderBehavior === FolderBehavior.NONE) node.url = null;
    else if (page.folderBehavior === FolderBehavior.REDIRECT) node.url = page.redirectUrl || null;
    else node.url = node.children.find((c) => c.url)?.url ?? null;
  }
  return roots;
}
