import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Newlines, counted in bytes: outputs can reach ~100 MB, too big to read as one string. */
export async function countLines(file) {
  let n = 0;
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  }
  return { lines: n, bytes };
}

/**
 * CSV/TSV records (RFC 4180): newlines outside quotes. A quoted cell may hold line breaks
 * (sandbox --notes); a quote inside one is doubled, so toggling on every quote stays right.
 */
export async function countRecords(file) {
  let n = 0;
  let bytes = 0;
  let quoted = false;
  for await (const chunk of createReadStream(file)) {
    bytes += chunk.length;
    if (!quoted && chunk.indexOf(34) === -1) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
      continue;
    }
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) n++;
    }
  }
  return { lines: n, bytes };
}

export async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}
