import { describe, expect, it } from 'vitest';
import { fakeContext } from '../fake-context.test.js';
import { formatUnit } from './format.js';

const us = fakeContext({ locale: 'en-US' }).cldr();
const fr = fakeContext({ locale: 'fr-FR' }).cldr();
const unit = (value: unknown, args: string, cldr = us) => formatUnit(cldr, value, args.split(' '));

describe('unit', () => {
  it('converts into the most compact unit of the locale system', () => {
    expect(unit('12345', 'in:inch')).toBe('342.9yd');
    expect(unit('12345', 'in:inch', fr)).toBe('313,6m');
    expect(unit('37', 'in:celsius format:long')).toBe('98.6 degrees Fahrenheit');
    expect(unit('15789655', 'in:byte compact:bytes')).toBe('15.1MB');
  });

  it('converts to an exact unit or the best of a list', () => {
    expect(unit('32', 'in:fahrenheit out:celsius')).toBe('0°C');
    expect(unit('12345678.99', 'in:hertz out:gigahertz maxfrac:6')).toBe('0.012346GHz');
    expect(unit('0.123', 'in:arc-minute out:arc-minute,arc-second')).toBe('7.4″');
    expect(unit('5040', 'in:second out:hour,minute,second format:long')).toBe('1.4 hours');
  });

  it('breaks values into sequences, the sign on the first part', () => {
    expect(unit('1234567', 'in:second sequence:day,hour,minute')).toBe('14d 6h 56.1m');
    expect(unit('12345', 'in:inch sequence:foot,inch group format:long')).toBe('1,028 feet 9 inches');
    expect(unit('-390625', 'in:kilograms sequence:ton,pound,ounce format:long group')).toBe(
      '-430 tons 1,180 pounds 11.4 ounces',
    );
  });

  it('infers the input unit from the output and prints plain numbers without units', () => {
    expect(unit('1307674368000', 'out:gigabit group')).toBe('1,307.7Gb');
    expect(unit('1234.56', '')).toBe('1234.6');
    expect(unit('abc', 'in:inch')).toBeUndefined();
    expect(unit('2000', 'in:meter compact:bytes')).toBe('1.2mi');
  });

  it('reads unit aliases and plurals', () => {
    expect(unit('3', 'in:amps')).toBe('3A');
    expect(unit('2', 'in:feet out:inch')).toBe('24″');
  });
});
