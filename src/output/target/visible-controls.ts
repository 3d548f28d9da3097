// csv and tsv carry the server's text exactly as sent: right for a pipe or a file, where the
// data must not change, but a terminal would obey an escape sequence in a value (recolour,
// retitle the window, hide text). Written to a terminal, their control characters are shown
// as visible escapes (`\e]0;…`, `\u0007`); line breaks and tabs stay as they are. json and
// ndjson escape control characters below U+0020 themselves, but not DEL, the C1 controls or
// the bidi overrides: on a terminal those become JSON escapes, which leave the JSON the same.
import { visibleJson, visibleKeepingLayout } from '../../lib/visible.ts';
import type { Destination } from '../destination.ts';

export function withVisibleControls(
  inner: Destination,
  kind: 'delimited' | 'json' = 'delimited',
): Destination {
  const show = kind === 'json' ? visibleJson : visibleKeepingLayout;
  return {
    // Bytes come whole pages at a time, so no character is split between two writes.
    write: (chunk) => inner.write(show(typeof chunk === 'string' ? chunk : chunk.toString('utf8'))),
    end: () => inner.end(),
  };
}
