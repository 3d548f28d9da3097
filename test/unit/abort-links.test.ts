// linkedToAll and linkedUnder: a child signal that follows its parents until released.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { linkedToAll, linkedUnder } from '../../src/lib/abort.ts';

describe('linkedToAll', () => {
  it('is aborted by whichever parent aborts first, with its reason', () => {
    const a = new AbortController();
    const b = new AbortController();
    const link = linkedToAll([a.signal, b.signal]);
    expect(link.signal.aborted).toBe(false);
    b.abort('second parent');
    expect(link.signal.aborted).toBe(true);
    expect(link.signal.reason).toBe('second parent');
    a.abort('first parent');
    expect(link.signal.reason).toBe('second parent');
  });

  it('starts aborted under an aborted parent', () => {
    const a = new AbortController();
    a.abort('gone');
    const link = linkedToAll([new AbortController().signal, a.signal]);
    expect(link.signal.reason).toBe('gone');
  });

  it('follows no parent once released', () => {
    const a = new AbortController();
    const link = linkedToAll([a.signal]);
    link.release();
    a.abort('late');
    expect(link.signal.aborted).toBe(false);
  });
});

describe('linkedUnder', () => {
  it('puts one listener on the shared signal for 50 children, and one on each own signal', () => {
    const shutdown = new AbortController();
    const calls = Array.from({ length: 50 }, () => new AbortController());
    const links = calls.map((call) => linkedUnder(shutdown.signal, call.signal));
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(1);
    for (const call of calls) expect(getEventListeners(call.signal, 'abort')).toHaveLength(1);
    calls[3]?.abort('cancelled');
    expect(links[3]?.signal.reason).toBe('cancelled');
    expect(links[4]?.signal.aborted).toBe(false);
    for (const link of links.slice(0, 10)) link.release();
    expect(getEventListeners(calls[0]?.signal as AbortSignal, 'abort')).toHaveLength(0);
    shutdown.abort('shutdown');
    expect(links.slice(10).every((l) => l.signal.reason === 'shutdown')).toBe(true);
    // Released before the shutdown: left alone.
    expect(links[0]?.signal.aborted).toBe(false);
  });

  it('starts aborted under an aborted shared signal', () => {
    const shutdown = new AbortController();
    shutdown.abort('gone');
    expect(linkedUnder(shutdown.signal, new AbortController().signal).signal.reason).toBe('gone');
  });
});
