// Rows whose names and numbers try to break line protocol, and the tags they must come back
// with from any database (src/output/line-protocol.ts says why each is written as it is).
import { addDays, TODAY } from './sandbox.ts';
import type { MetricRowJson } from './test-server.ts';

export const DAY = addDays(TODAY, -1);
const row = (
  metric: string,
  provider: string,
  numValue: number | null,
  textValue: string | null = null,
): MetricRowJson => ({
  date: DAY,
  provider,
  metric,
  numValue,
  textValue,
  unit: 'u "q",=\\x',
  stream: false,
});

/** Each hostile row, and the tags and value it must come back with. */
export const HOSTILE: { row: MetricRowJson; metric: string; provider: string }[] = [
  {
    row: row('$(touch /tmp/hd-pwned)', 'a,b c=d', 1.7976931348623157e308),
    metric: '$(touch /tmp/hd-pwned)',
    provider: 'a,b c=d',
  },
  { row: row('q"uo\\te', "it's `x`", -1e308), metric: 'q"uo\\te', provider: "it's `x`" },
  { row: row('end\\', 'x\\,y', 5e-324), metric: 'end\ufffd', provider: 'x\ufffd,y' },
  {
    row: row('x\nhealth,metric=evil value=666', 'P', 1),
    metric: 'x\ufffdhealth,metric=evil value=666',
    provider: 'P',
  },
  {
    row: row('note', 'P', null, 'he said "hi"\\\nhealth,metric=evil2 value=1 0'),
    metric: 'note',
    provider: 'P',
  },
];
