import { FolderBehavior } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import type { Page } from '@tessera/core/site';
import { navigationTree } from './navigation-tree.js';

describe('navigation tree', () => {
  const page = (id: string, extra: Partial<Page> = {}): Page =>
    ({
      id,
      slug: id,
      title: id,
      type: 10,
      kind: 'page',
      fullUrl: `/${id}`,
      parentId: null,
      folderBehavior: null,
      redirectUrl: null,
      ...extra,
    }) as Page;

  it('puts children under folders and gives each folder its SPEC behaviour', () => {
    const tree = navigationTree([
      page('a'),
      page('f1', { folderBehavior: FolderBehavior.INDEX }),
      page('c1', { parentId: 'f1' }),
      page('c2', { parentId: 'f1' }),
      page('f2', { folderBehavior: FolderBehavior.REDIRECT, redirectUrl: '/elsewhere' }),
      page('f3', { folderBehavior: FolderBehavior.NONE }),
      page('c3', { parentId: 'f3' }),
    ]);
    expect(tree.map((n) => [n.slug, n.url])).toEqual([
      ['a', '/a'],
      ['f1', '/c1'],
      ['f2', '/elsewhere'],
      ['f3', null],
    ]);
    expect(tree[1]?.children.map((c) => c.slug)).toEqual(['c1', 'c2']);
  });
});
