import { describe, expect, it } from 'vitest';
import { fakeContext, runFormatter } from '../i18n/fake-context.test.js';
import { I18N_FORMATTERS } from './i18n.js';

const en = (extra: Parameters<typeof fakeContext>[0] = {}) => fakeContext({ locale: 'en', ...extra });
const run = (name: string, args: string[], values: unknown[], ctx = en()) =>
  runFormatter(I18N_FORMATTERS, name, args, values, ctx);

describe('numbers and money', () => {
  it('formats decimals with styles, rounding and the significant-maxfrac mode', () => {
    expect(run('decimal', ['style:short'], ['123456.789'])).toBe('123K');
    expect(run('decimal', ['maximumFractionDigits:1', 'round:down'], ['123456.789'])).toBe('123,456.7');
    expect(run('decimal', ['mode:significant-maxfrac', 'minsig:1', 'maxfrac:3'], ['3.14159'])).toBe('3.142');
    expect(run('decimal', ['group:false'], ['-15789.12'])).toBe('-15789.12');
    expect(run('decimal', [], ['xyz'])).toBe('');
  });

  it('formats money objects in either shape, and nothing for bad ones', () => {
    expect(run('money', [], [{ decimalValue: '1234.5', currencyCode: 'EUR' }])).toBe('€1,234.50');
    expect(run('money', ['style:accounting'], [{ value: '-5', currency: 'USD' }])).toBe('($5.00)');
    expect(run('money', [], [{ foo: 'bar' }])).toBe('');
  });

  it('prints cents in the legacy formats', () => {
    expect(run('money-format', [], [123456])).toBe('1,234.56');
    expect(run('moneyFormat', [], ['-5'])).toBe('-0.05');
    expect(run('money-string', [], [12345])).toBe('<span class="sqs-money-native">123.45</span>');
    expect(run('money-format', [], [undefined])).toBe('');
  });

  it('places legacy currency symbols per locale', () => {
    const aud = { currencyCode: 'AUD', decimalValue: -1234.56 };
    expect(run('i18n-money-format', ['de_DE'], [aud])).toBe('-1.234,56 A$');
    expect(run('i18n-money-format', ['en-US'], [aud])).toBe('-A$1,234.56');
    expect(run('i18n-money-format', ['en-US'], [{ currencyCode: 'SEK', decimalValue: 1 }])).toBe('kr 1.00');
    expect(run('i18n-money-format', ['fr-FR'], [{ currencyCode: 'JPY', decimalValue: 1234.56 }])).toBe('1\u00a0235¥');
  });

  it('formats bookkeeper cents in the region currency and percentages', () => {
    expect(run('bookkeeper-money-format', [], [12345])).toBe('$123.45');
    expect(run('bookkeeper-money-format', [], [12345], fakeContext({ locale: 'en-GB' }))).toBe('£123.45');
    expect(run('percentage-format', [], [12.5])).toBe('12.50');
    expect(run('percentage-format', ['trim'], [12.5])).toBe('12.5');
  });
});

describe('dates', () => {
  it('formats datetimes in the site zone', () => {
    const ctx = en({ root: { website: { timeZone: 'America/Los_Angeles' } } });
    expect(run('datetime', ['date:short', 'time:short'], [1582663910000], ctx)).toBe('2/25/20, 12:51\u202fPM');
    expect(run('datetime', [], ['not a date'], ctx)).toBe('');
  });

  it('formats intervals, same-day ones as a time range', () => {
    const ctx = en({ root: { website: { timeZone: 'America/Los_Angeles' } } });
    expect(run('datetime-interval', [], [1509647217000, 1510641417000], ctx)).toBe('Nov 2\u2009–\u200913, 2017');
    expect(run('datetime-interval', [], [1502298000000, 1502305200000], ctx)).toBe(
      '10:00\u202fAM\u2009–\u200912:00\u202fPM',
    );
    expect(run('datetime-interval', [], [1502298000000], ctx)).toBe('');
  });

  it('prints one calendar field with datetimefield', () => {
    expect(run('datetimefield', ['year'], [1582663910000])).toBe('2020');
    expect(run('datetimefield', ['weekday'], [1582663910000])).toBe('Tuesday');
    expect(run('datetimefield', ['nope'], [1582663910000])).toBe('');
  });

  it('describes times relative to now', () => {
    const ctx = en({ now: 1502298000000 });
    expect(run('relative-time', [], [1502305200000], ctx)).toBe('in 2 hours');
    expect(run('relative-time', ['context:begin-sentence'], [1502258000000], ctx)).toBe('11 hours ago');
  });

  it('words time since with SPEC thresholds', () => {
    const now = 1_700_000_000_000;
    const ctx = en({ now });
    const since = (ms: number) => run('timesince', [], [now - ms], ctx);
    expect(since(30_000)).toContain('>less than a minute ago<');
    expect(since(3_600_000)).toContain('>about an hour ago<');
    expect(since(3 * 86_400_000)).toContain('>about 3 days ago<');
    expect(since(40 * 86_400_000)).toContain('>about a month ago<');
    expect(run('timesince', [], ['nope'], ctx)).toBe('Invalid date.');
  });

  it('humanizes durations as m:ss', () => {
    expect(run('humanizeDuration', [], [125000])).toBe('2:05');
    expect(run('humanizeDuration', [], [3_600_000])).toBe('60:00');
  });
});

describe('messages', () => {
  it('formats plural, select, named and nested arguments', () => {
    const ctx = en({ root: { n: 3, who: 'Bob', kind: 'a' } });
    const msg = '{name} has {0 plural one{# item} other{# items}} ({1 select a{alpha} other{beta}})';
    expect(run('message', ['n', 'kind', 'name=who'], [msg], ctx)).toBe('Bob has 3 items (alpha)');
  });

  it('formats money, dates and units inside messages', () => {
    const ctx = en({ root: { m: { decimalValue: '5', currencyCode: 'USD' }, b: '2048', s: '3725' } });
    expect(run('message', ['m'], ['{0 money}'], ctx)).toBe('$5.00');
    expect(
      run(
        'message',
        ['b', 's'],
        ['{0 unit in:byte compact:bytes} / {1 unit in:second sequence:hour,minute,second format:long}'],
        ctx,
      ),
    ).toBe('2kB / 1 hour 2 minutes 5 seconds');
  });

  it('reports malformed messages as formatter errors', () => {
    const ctx = en();
    run('message', [], ['{0 plural one{x} other{y}'], ctx);
    expect(ctx.errors.map((e) => e.message)).toEqual(["Expected '}' but end of input found."]);
  });
});
