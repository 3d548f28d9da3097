// Optional gzip, as a real API behind a gateway serves it: only with the `compress` option, and
// only to a client whose Accept-Encoding allows gzip. Level 1 is nginx's default
// (gzip_comp_level 1): cheap for the server, and most of the size gain on JSON.
import { gzipSync } from 'node:zlib';
import type { Reply } from './reply.ts';

const LEVEL = 1;

/** True when an Accept-Encoding header allows gzip (RFC 9110 §12.5.3: q=0 means "not this"). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip' || name === 'x-gzip') gzip = Number.isNaN(weight) ? 0 : weight;
    else if (name === '*') star = Number.isNaN(weight) ? 0 : weight;
  }
  return (gzip ?? star ?? 0) > 0;
}

export function gzipReply(reply: Reply): Reply {
  return {
    status: reply.status,
    headers: { ...reply.headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
    body: gzipSync(reply.body, { level: LEVEL }),
  };
}
