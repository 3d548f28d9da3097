import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamDestination } from '../../src/output/destination.ts';
import { withReaderProbe } from '../../src/output/target/pipe-probe.ts';

describe('withReaderProbe', () => {
  it('writes exactly what it was given, in order, multi-byte characters whole', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.setEncoding('utf8').on('data', (c: string) => chunks.push(c));
    const out = withReaderProbe(streamDestination(stream), stream);
    const parts = ['a,b\n', 'é'.repeat(30), '😀'.repeat(40), '', 'x\n', 'tail\n'];
    for (const part of parts) await out.write(part);
    // Idle long enough for a few probes to go out one character at a time.
    await new Promise((r) => setTimeout(r, 350));
    await out.end();
    expect(chunks.join('')).toBe(parts.join(''));
    expect(chunks.join('')).not.toContain('\uFFFD');
  });

  it('takes pages as bytes too, mixed with text, and holds back whole characters', async () => {
    const stream = new PassThrough();
    const received: Buffer[] = [];
    stream.on('data', (c: Buffer) => received.push(c));
    const out = withReaderProbe(streamDestination(stream), stream);
    const parts: (string | Buffer)[] = [
      Buffer.from('2026-11-22,WristBand,°C\n'),
      'text\n',
      Buffer.from('😀é'),
      Buffer.from('ab'),
      Buffer.from('€'.repeat(10)),
      '',
      Buffer.alloc(0),
      'end\n',
    ];
    for (const part of parts) await out.write(part);
    await new Promise((r) => setTimeout(r, 350));
    await out.end();
    const all = Buffer.concat(received);
    expect(all.toString('utf8')).toBe(parts.map((p) => p.toString()).join(''));
    // No chunk split a character: each decodes on its own without a replacement character.
    for (const chunk of received) expect(chunk.toString('utf8')).not.toContain('\uFFFD');
  });

  it('a probe to a reader that left reports the closed pipe without a further write', async () => {
    const stream = new PassThrough();
    let closed = false;
    const out = withReaderProbe(
      streamDestination(stream, { onClosed: () => (closed = true) }),
      stream,
    );
    await out.write('row 1\nrow 2\n');
    // The reader leaves: the next write (the probe) fails with EPIPE.
    stream.write = () => {
      stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      return false;
    };
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(true);
  });
});
