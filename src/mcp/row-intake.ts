// Each page's rows into the answer's RowBudget, and the rows kept into the several-rows
// detector. A proven page (canonical-proof.ts) is read off its bytes, as `summary` reads it: parsing
// its rows into objects was a tenth of a query_metrics call's time (profiled for issue 22).
import { canonicalRows } from '../api/rows/lazy-page.ts';
import type { Page } from '../api/pagination/types.ts';
import type { MetricRow } from '../api/types.ts';
import { RowBytesReader, SeveralRowsDetector, type RowFields } from '../daily/index.ts';
import type { RowBudget } from './compact-rows.ts';

export class RowIntake {
  readonly detector = new SeveralRowsDetector();
  readonly #budget: RowBudget;
  #reader: RowBytesReader | undefined;

  constructor(budget: RowBudget) {
    this.#budget = budget;
  }

  /** Adds the page's rows, in order, until the budget is full (budget.full then says why). */
  page(page: Page): void {
    const canonical = canonicalRows(page);
    if (canonical === undefined) {
      for (const row of page.data) if (!this.#row(row)) return;
    } else {
      // The reader goes on to the page's end; a full budget refuses each row at its first test.
      (this.#reader ??= new RowBytesReader()).read(canonical, this.#fields, this.#parsed);
    }
  }

  readonly #fields: RowFields = (metric, provider, date, num, text, unit, stream, numLength) => {
    if (this.#budget.addFields(metric, provider, date, num, text, unit, stream, numLength)) {
      this.detector.fields(metric, provider, date, num !== null, stream);
    }
  };

  /** A row the reader parsed (one with an escape in a string). */
  readonly #parsed = (row: MetricRow): void => void this.#row(row);

  #row(row: MetricRow): boolean {
    if (!this.#budget.add(row)) return false;
    this.detector.scan([row]);
    return true;
  }
}
