import { describe, expect, it } from 'vitest';
import { fakeContext, runFormatter } from '../i18n/fake-context.test.js';
import { SOCIAL_PREDICATES } from '../predicates/social.js';
import { SOCIAL_FORMATTERS } from './social.js';

describe('social formatters', () => {
  it('labels comment counts', () => {
    expect(runFormatter(SOCIAL_FORMATTERS, 'comment-count', [], [{ publicCommentCount: 0 }])).toBe('No Comments');
    expect(runFormatter(SOCIAL_FORMATTERS, 'comment-count', [], [{ publicCommentCount: 1 }])).toBe('1 Comment');
    expect(runFormatter(SOCIAL_FORMATTERS, 'comment-count', [], [{ publicCommentCount: 7 }])).toBe('7 Comments');
  });

  it('builds calendar links in UTC with the joined location', () => {
    const url = runFormatter(
      SOCIAL_FORMATTERS,
      'google-calendar-url',
      [],
      [
        {
          title: 'Launch party',
          startDate: 1384518630000,
          endDate: 1384518716400,
          location: { addressLine1: '1 Main St', addressCountry: 'US' },
        },
      ],
    );
    expect(url).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Launch%20party&dates=20131115T123030Z/20131115T123156Z&location=1%20Main%20St%2C%20US',
    );
  });

  it('links mentions, hashtags and URLs in tweets', () => {
    expect(runFormatter(SOCIAL_FORMATTERS, 'activate-twitter-links', [], ['see http://a.co @bob #hi'])).toBe(
      'see <a target="new" href="http://a.co">http://a.co</a> <a target="new" href="https://twitter.com/bob/">@bob</a> <a target="new" href="https://twitter.com/hashtag/hi?src=hash">#hi</a>',
    );
  });

  it('shows like buttons only when simple liking is on', () => {
    const item = { id: 'x1', likeCount: 3 };
    const off = fakeContext({ root: { websiteSettings: {} } });
    expect(runFormatter(SOCIAL_FORMATTERS, 'like-button', [], [item], off)).toBe('');
    const on = fakeContext({ root: { websiteSettings: { simpleLikingEnabled: true } } });
    expect(runFormatter(SOCIAL_FORMATTERS, 'like-button', [], [item], on)).toContain('data-like-count="3"');
  });
});

describe('social predicates', () => {
  it('shows comments when open or present, never when the site disables them', () => {
    const check = (node: unknown, root: unknown = {}) =>
      SOCIAL_PREDICATES['comments?']?.apply([], fakeContext({ node, root }));
    expect(check({ commentState: 1 })).toBe(true);
    expect(check({ commentState: 2, publicCommentCount: 3 })).toBe(true);
    expect(check({ commentState: 0 })).toBe(false);
    expect(check({ commentState: 1 }, { websiteSettings: { commentsEnabled: false } })).toBe(false);
  });
});
