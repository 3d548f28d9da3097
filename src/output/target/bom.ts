// --bom: a UTF-8 byte-order mark ahead of csv/tsv. Excel opens a csv without one in the
// locale's code page (Windows-1252 and the like), so "Café" reads "CafÃ©"; with it, Excel reads
// UTF-8. Nothing else needs it, so it is asked for, never the default. Output with no bytes at
// all stays empty: a mark alone is no csv.
import type { Destination } from '../destination.ts';

export const BOM = '\uFEFF';

export function withBom(inner: Destination): Destination {
  let started = false;
  return {
    write: (chunk) => {
      if (started) return inner.write(chunk);
      started = true;
      return inner.write(
        typeof chunk === 'string' ? BOM + chunk : Buffer.concat([Buffer.from(BOM), chunk]),
      );
    },
    end: () => inner.end(),
  };
}
