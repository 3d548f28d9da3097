// The resource templates' URIs read as URLs (src/mcp/resources/template.ts): the SDK's own
// UriTemplate needs every query variable and leaves the metric percent-encoded.
import { describe, expect, it } from 'vitest';
import { MetricTemplate, queryOf } from '../../src/mcp/resources/template.ts';

const daily = new MetricTemplate('daily');

describe('MetricTemplate', () => {
  it('is listed as the RFC 6570 template', () => {
    expect(daily.toString()).toBe('healthdata://daily/{metric}{?provider,from,to}');
  });

  it('matches a metric alone, any part of the query in any order, each part decoded', () => {
    expect(daily.match('healthdata://daily/steps')).toEqual({ metric: 'steps' });
    expect(daily.match('healthdata://daily/heart%20rate?to=today&provider=Wrist%2CBand')).toEqual({
      metric: 'heart rate',
      to: 'today',
      provider: 'Wrist,Band',
    });
    expect(daily.match('healthdata://daily/%F0%9F%98%80%E2%80%AEx')).toEqual({
      metric: '😀\u202ex',
    });
  });

  it('is no match for another kind, another shape, or a path that does not decode', () => {
    for (const uri of [
      'healthdata://summary/steps',
      'healthdata://daily/',
      'healthdata://daily/a/b',
      'healthdata://daily/%E0%A4%A',
      'other://daily/steps',
      'not a uri',
    ]) {
      expect(daily.match(uri), uri).toBeNull();
    }
  });

  it('keeps parameters it does not take and repeated ones, for the read to refuse by name', () => {
    const variables = daily.match('healthdata://daily/steps?form=3d&from=1d&from=2d');
    expect(variables).not.toBeNull();
    expect(queryOf(variables ?? {})).toEqual({
      metric: 'steps',
      unknown: ['form'],
      repeated: ['from'],
      from: '1d',
    });
  });
});
