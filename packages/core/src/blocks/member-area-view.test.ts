import { describe, expect, it } from 'vitest';
import { BlockType } from '../enums/block-type.js';
import { blockViewSync } from './block-views.js';

describe('member-area block view', () => {
  const block = (content: Record<string, unknown>) => ({ type: BlockType.MEMBER_AREA, settings: {}, content });

  it('links to the area join page with the owner words or defaults', () => {
    const rendered = blockViewSync(block({ areaId: 'abc_123', text: 'Join us' }), '0');
    expect(rendered).toMatchObject({
      partial: 'member-area',
      view: {
        joinUrl: '/member-areas/abc_123',
        title: 'Become a member',
        text: 'Join us',
        buttonLabel: 'See the plans',
      },
    });
  });

  it('renders nothing without a usable area id', () => {
    expect(blockViewSync(block({}), '0')).toBeUndefined();
    expect(blockViewSync(block({ areaId: '../x?y' }), '0')).toBeUndefined();
  });
});
