import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { collectList, formatName, integer, seconds } from '../../src/cli/flags.ts';

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
    expect(() => pageSize('1001')).toThrow(
      "--page-size must be a whole number from 1 to 1000, not '1001'",
    );
    expect(() => pageSize('0')).toThrow(/from 1 to 1000/);
    expect(() => pageSize('2.5')).toThrow(/whole number/);
    expect(() => pageSize('ten')).toThrow(/whole number/);
  });

  it('parses seconds as decimals', () => {
    const timeout = seconds(0.1, 3600, '--timeout');
    expect(timeout('0.5')).toBe(0.5);
    expect(() => timeout('0')).toThrow(InvalidArgumentError);
    expect(() => timeout('')).toThrow(InvalidArgumentError);
  });

  it('says "1 or more" rather than a 16-digit maximum', () => {
    expect(() => integer(1, Number.MAX_SAFE_INTEGER, '--limit')('0')).toThrow(
      "--limit must be a whole number 1 or more, not '0'",
    );
  });

  it('matches format names case-insensitively', () => {
    expect(formatName('CSV')).toBe('csv');
    expect(formatName(' Ndjson ')).toBe('ndjson');
    expect(() => formatName('xml')).toThrow(
      "unknown format 'xml' — use one of table, json, ndjson, csv, tsv",
    );
  });
});
