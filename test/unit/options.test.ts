import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { collectList, integer, seconds } from '../../src/cli/flags.ts';

describe('option parsers', () => {
  it('collects repeated and comma-separated lists', () => {
    let list = collectList('steps,steps_total', undefined);
    list = collectList(' weight ', list);
    expect(list).toEqual(['steps', 'steps_total', 'weight']);
    expect(() => collectList(',', undefined)).toThrow(InvalidArgumentError);
  });

  it('parses bounded integers', () => {
    const pageSize = integer(1, 1000, '--page-size');
    expect(pageSize('1000')).toBe(1000);
    expect(() => pageSize('1001')).toThrow(/--page-size must be from 1 to 1000/);
    expect(() => pageSize('0')).toThrow(/from 1 to 1000/);
    expect(() => pageSize('2.5')).toThrow(/whole number/);
    expect(() => pageSize('ten')).toThrow(/whole number/);
  });

  it('parses seconds as decimals', () => {
    const timeout = seconds(0.1, 3600);
    expect(timeout('0.5')).toBe(0.5);
    expect(() => timeout('0')).toThrow(InvalidArgumentError);
    expect(() => timeout('')).toThrow(InvalidArgumentError);
  });
});
