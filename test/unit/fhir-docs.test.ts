// docs/fhir.md's mapping table is the table of src/fhir/codes.ts, rendered: it cannot drift.
// Compared cell by cell (prettier pads the columns). To refresh it after changing codes.ts,
// paste the table this test prints on failure, then run prettier on the doc.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { METRIC_CODES } from '../../src/fhir/codes.ts';

function mappingTable(): string {
  const lines = [
    '| API metric (and its `_total`) | LOINC codings | category | vital-signs profile | its UCUM units |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const [metric, m] of Object.entries(METRIC_CODES)) {
    const codes = m.loinc.map((c) => `${c.code} ${c.display}`).join('; ');
    const profile = m.vital === undefined ? '—' : m.vital.url.replace(/^.*\//, '');
    const units = m.vital === undefined ? '—' : m.vital.units.map((u) => `\`${u}\``).join(', ');
    lines.push(`| \`${metric}\` | ${codes} | ${m.category ?? '—'} | ${profile} | ${units} |`);
  }
  return lines.join('\n');
}

/** A markdown table's rows of trimmed cells, its separator row left out. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

it('docs/fhir.md holds the mapping table of codes.ts', () => {
  const doc = readFileSync(new URL('../../docs/fhir.md', import.meta.url), 'utf8');
  const start = '<!-- mapping table: test/unit/fhir-docs.test.ts -->\n';
  const from = doc.indexOf(start) + start.length;
  const to = doc.indexOf('\n<!-- end of mapping table -->', from);
  expect(from).toBeGreaterThan(start.length - 1);
  expect(cells(doc.slice(from, to)), mappingTable()).toEqual(cells(mappingTable()));
});
