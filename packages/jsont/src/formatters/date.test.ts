import { describe, expect, it } from 'vitest';
import { fakeContext, runFormatter } from '../i18n/fake-context.test.js';
import { DATE_FORMATTERS } from './date.js';

const CODES = 'aAbBcCdDeFgGhHIjklmMnNpPqrRsStTuUwWxXyYzZvV'.split('');

function formatAll(epoch: number, timeZone: string): string {
  const ctx = fakeContext({ root: { website: { timeZone } } });
  return CODES.map((c) => `%${c} ${runFormatter(DATE_FORMATTERS, 'date', [`%${c}`], [epoch], ctx)}`).join('\n');
}

describe('date', () => {
  it('renders every conversion in the site zone (Tokyo)', () => {
    expect(formatAll(1613597165345, 'Asia/Tokyo')).toBe(
      '%a Thu\n%A Thursday\n%b Feb\n%B February\n%c Thu, Feb 18, 2021 6:26:05 AM JST\n%C 20\n%d 18\n%D 02/18/21\n%e 18\n%F 2021-02-18\n%g 21\n%G 2021\n%h Feb\n%H 06\n%I 06\n%j 049\n%k  6\n%l  6\n%m 02\n%M 26\n%n \n\n%N 345000000\n%p AM\n%P am\n%q 1\n%r 6:26:05 AM\n%R 06:26\n%s 1613597165\n%S 05\n%t \t\n%T 06:26:05\n%u 4\n%U 08\n%w 4\n%W 08\n%x 02/18/2021\n%X 06:26:05 AM\n%y 21\n%Y 2021\n%z +09:00\n%Z JST\n%v 18-Feb-2021\n%V 07',
    );
  });

  it('renders in New York with a negative offset', () => {
    const out = formatAll(1613557565000, 'America/New_York');
    expect(out).toContain('%c Wed, Feb 17, 2021 5:26:05 AM EST');
    expect(out).toContain('%z -05:00');
    expect(out).toContain('%k  5');
  });

  it('keeps literal text and %% escapes, falls back to the render zone', () => {
    const ctx = fakeContext({ timeZone: 'America/New_York' });
    expect(runFormatter(DATE_FORMATTERS, 'date', ['%Y', '%%', '%d'], [1613597165345], ctx)).toBe('2021 % 17');
    expect(runFormatter(DATE_FORMATTERS, 'date', [], [1613597165345], ctx)).toBe('');
    expect(runFormatter(DATE_FORMATTERS, 'date', ['%Y'], ['nope'], ctx)).toBe('');
  });

  it('falls back to UTC for unknown zones and rejects dates outside the Julian day range', () => {
    const ctx = fakeContext({ root: { website: { timeZone: 'Mars/Olympus' } } });
    expect(runFormatter(DATE_FORMATTERS, 'date', ['%H:%M', '%Z'], [0], ctx)).toBe('00:00 UTC');
    expect(runFormatter(DATE_FORMATTERS, 'date', ['%Y'], [-3e14], ctx)).toBe('');
    expect(ctx.errors).toHaveLength(1);
  });
});
