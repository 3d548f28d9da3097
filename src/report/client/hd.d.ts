// The page script's namespace. Each file in this folder is one function that adds its part to
// `hd`; page.ts inlines their source text (Function.prototype.toString) in order, so a part
// may use only what the parts before it added, never an import or a variable outside itself.
// Checked with the DOM's types by tsconfig.client.json.
import type uPlot from 'uplot';
import type { NumericSeriesModel, ReportModel, TextSeriesModel } from '../types.ts';

export interface Hd {
  model: ReportModel;
  uPlot: typeof uPlot;
  /** A number as text for reading (src/report/number-text.ts, given by the page). */
  number(x: number): string;
  /** An element with text (textContent, never markup) and classes. */
  el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    text?: string | null,
    className?: string,
  ): HTMLElementTagNameMap[K];
  /** A number for reading (number()); a dash for none. */
  num(x: number | null | undefined): string;
  /** The date of day `i` of the range. */
  day(i: number): string;
  /** Seconds since 1970 at UTC midnight of day `i` (uPlot's time axis, drawn in UTC). */
  seconds(i: number): number;
  /** A unit after a number (" kg"), or nothing. */
  unitOf(unit: string | null): string;
  /** A definition list of label → value pairs, each value's raw number in data-value. */
  facts(pairs: [string, string, (number | string | null)?][]): HTMLDListElement;
  /** A table with a caption, header cells and rows of cells. */
  table(caption: string, head: string[], rows: (string | number | null)[][]): HTMLTableElement;

  header(root: HTMLElement): void;
  overview(root: HTMLElement): void;
  /** The contents: a link to each metric's section and each of its cards. */
  contents(
    root: HTMLElement,
    metrics: { id: string; metric: string; cards: { id: string; provider: string }[] }[],
  ): void;
  coverage(root: HTMLElement): void;
  numericCard(s: NumericSeriesModel): HTMLElement;
  textCard(s: TextSeriesModel): HTMLElement;
  /** Draws (or draws again, after a colour-scheme change or for print) every chart. */
  drawCharts(): void;
  chart(box: HTMLElement, s: NumericSeriesModel): uPlot;
  /** Arrow keys, Page Up/Down, Home and End move the chart's cursor and say the day aloud. */
  keyboard(box: HTMLElement, s: NumericSeriesModel, live: HTMLElement): void;
  /** Keeps each chart as wide as its box; absent where the browser has no ResizeObserver. */
  resize?: ResizeObserver;
  charts: { box: HTMLElement; s: NumericSeriesModel; plot: uPlot | null }[];
}
