import type { PageSummary } from '@tessera/core/contracts/pages';
import { describe, expect, it } from 'vitest';
import { moveTargets, orderForMove, orderForStep, treeOrder } from './page-tree.js';

const page = (id: string, parentId: string | null = null, isFolder = false): PageSummary => ({
  id,
  title: id,
  slug: id,
  kind: isFolder ? 'folder' : 'page',
  type: 10,
  parentId,
  position: 0,
  status: 'published',
  hasDraft: false,
  isFolder,
  folderBehavior: isFolder ? 1 : null,
  navVisible: true,
});

// home, folder F (a, inner folder G (b)), about
const site = () => [
  page('home'),
  page('F', null, true),
  page('a', 'F'),
  page('G', 'F', true),
  page('b', 'G'),
  page('about'),
];
const shape = (order: { id: string; parentId: string | null }[] | undefined) =>
  order?.map((e) => (e.parentId ? `${e.parentId}/${e.id}` : e.id));

describe('the pages tree', () => {
  it('lists parents before their children with depths', () => {
    expect(treeOrder(site()).map((r) => `${r.depth}${r.page.id}`)).toEqual(['0home', '0F', '1a', '1G', '2b', '0about']);
  });

  it('moves a page into a folder as its last page, and back to the top level', () => {
    expect(shape(orderForMove(site(), 'about', 'F'))).toEqual(['home', 'F', 'F/a', 'F/G', 'G/b', 'F/about']);
    expect(shape(orderForMove(site(), 'b', null))).toEqual(['home', 'F', 'F/a', 'F/G', 'about', 'b']);
    // A folder takes its pages along.
    expect(shape(orderForMove(site(), 'G', null))).toEqual(['home', 'F', 'F/a', 'about', 'G', 'G/b']);
  });

  it('offers only folders outside the page, and refuses a move into itself or where it already is', () => {
    expect(moveTargets(site(), 'F').map((p) => p.id)).toEqual([]);
    expect(moveTargets(site(), 'G').map((p) => p.id)).toEqual(['F']);
    expect(moveTargets(site(), 'about').map((p) => p.id)).toEqual(['F', 'G']);
    expect(orderForMove(site(), 'F', 'G')).toBeUndefined();
    expect(orderForMove(site(), 'a', 'F')).toBeUndefined();
    expect(orderForMove(site(), 'home', 'about')).toBeUndefined();
  });

  it('steps a page among its siblings only', () => {
    expect(shape(orderForStep(site(), 'about', -1))).toEqual(['home', 'about', 'F', 'F/a', 'F/G', 'G/b']);
    expect(shape(orderForStep(site(), 'a', 1))).toEqual(['home', 'F', 'F/G', 'G/b', 'F/a', 'about']);
    expect(orderForStep(site(), 'a', -1)).toBeUndefined();
    expect(orderForStep(site(), 'about', 1)).toBeUndefined();
  });
});
