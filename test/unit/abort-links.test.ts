// linkedToAll: a child signal that follows several parents until released.
import { describe, expect, it } from 'vitest';
import { linkedToAll } from '../../src/lib/abort.ts';

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
