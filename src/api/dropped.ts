// What the row guard (row-guard.ts) dropped over a whole run, said once, in one line. Rows
// outside what was asked lose nothing: a warning. Rows inside the request that break the spec
// are data that could not be kept: the command writes the rest, then fails with this line
// (`bad_rows`, exit 1), so cron mails it and a script sees it.
import { ProtocolError } from './errors.ts';
import type { DroppedRows } from './row-guard.ts';

/** Distinct reasons kept per kind; more (a different bad value per row) are counted as others. */
const MAX_REASONS = 100;
/** Reasons named in the line; the rest are counted. */
const SHOWN = 4;
const OTHERS = '\u0000others';

export class DropTally {
  readonly #outside = new Map<string, number>();
  readonly #broken = new Map<string, number>();

  /** Adds what one page dropped. */
  add(dropped: DroppedRows | undefined): void {
    if (dropped === undefined) return;
    merge(this.#outside, dropped.outside);
    merge(this.#broken, dropped.broken);
  }

  get outside(): number {
    return total(this.#outside);
  }

  get broken(): number {
    return total(this.#broken);
  }

  /**
   * The line, or undefined when nothing was dropped. `failed`: spec-breaking rows were among
   * them, and the line is the run's error (see `error()`).
   */
  describe(): { line: string; failed: boolean } | undefined {
    const outside = this.outside;
    const broken = this.broken;
    if (outside + broken === 0) return undefined;
    const away = `${rows(outside)} the API sent outside what was asked (${reasons(this.#outside)})`;
    if (broken === 0) return { line: `dropped ${away}`, failed: false };
    const verb = broken === 1 ? 'breaks' : 'break';
    const bad = `${rows(broken)} that ${verb} the API spec (${reasons(this.#broken)})`;
    return { line: `dropped ${bad}${outside > 0 ? `, and ${away}` : ''}`, failed: true };
  }

  /** The run's error when spec-breaking rows were dropped; undefined otherwise. */
  error(suffix = ''): ProtocolError | undefined {
    const said = this.describe();
    return said?.failed ? new ProtocolError(`${said.line}${suffix}`, 'bad_rows') : undefined;
  }
}

function merge(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [reason, count] of from) {
    const key = into.has(reason) || into.size < MAX_REASONS ? reason : OTHERS;
    into.set(key, (into.get(key) ?? 0) + count);
  }
}

function total(map: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of map.values()) sum += count;
  return sum;
}

function rows(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

/** `12 of metrics not asked for; 1 dated 2099-01-01, after tomorrow; 3 others`, largest first. */
function reasons(map: ReadonlyMap<string, number>): string {
  const named = [...map].filter(([reason]) => reason !== OTHERS).sort((a, b) => b[1] - a[1]);
  const shown = named
    .slice(0, SHOWN)
    .map(([reason, n]) => `${n.toLocaleString('en-US')} ${reason}`);
  const rest = named.slice(SHOWN).reduce((sum, [, n]) => sum + n, 0) + (map.get(OTHERS) ?? 0);
  if (rest > 0) shown.push(`${rest.toLocaleString('en-US')} ${rest === 1 ? 'other' : 'others'}`);
  return shown.join('; ');
}
