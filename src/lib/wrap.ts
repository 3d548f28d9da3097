// Word wrapping for text shown at a terminal (chart titles, narrow summaries).

/** Word-wraps plain text to `width` columns; continuation lines start with `indent`. */
export function wrap(text: string, width: number, indent: string): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  const lines: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(' ')) {
    const next = line.trim() === '' ? line + word : `${line} ${word}`;
    if ([...next].length <= width || line.trim() === '') line = next;
    else {
      lines.push(line);
      line = indent + word;
    }
  }
  lines.push(line);
  return lines;
}
