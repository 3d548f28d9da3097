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

export async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}
