// Each page's rows into the answer's RowBudget, and the rows kept into the several-rows
// detector. A proven page is read off its bytes (row-walk.ts), as `summary` reads it: parsing
// its rows into objects was a tenth of a query_metrics call's time (profiled for issue 22).
import type { Page } from '../api/pagination/types.ts';
import { RowWalker, type RowView } from '../api/rows/row-walk.ts';
import { SeveralRowsDetector, viewFields, type RowFields } from '../daily/index.ts';
import type { RowBudget } from './compact-rows.ts';

export class RowIntake {
  readonly detector = new SeveralRowsDetector();
  readonly #budget: RowBudget;
  readonly #walker = new RowWalker();

  constructor(budget: RowBudget) {
    this.#budget = budget;
  }

  /** Adds the page's rows, in order, until the budget is full (budget.full then says why). */
  page(page: Page): void {
    // The walk goes on to the page's end; a full budget refuses each row at its first test.
    this.#walker.walk(page, this.#visit);
  }

  readonly #visit = (row: RowView): void => viewFields(row, this.#fields);

  readonly #fields: RowFields = (metric, provider, date, num, text, unit, stream, numLength) => {
    if (this.#budget.addFields(metric, provider, date, num, text, unit, stream, numLength)) {
      this.detector.fields(metric, provider, date, num !== null, stream);
    }
  };
}
