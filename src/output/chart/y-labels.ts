// The labels of a chart's y axis: the values its rows stand for, as people read numbers where
// that shows them (7,084; 0.35), else in short scientific notation with as many digits as tell
// one row from the next (1.92e300, 5e-324). Never a number of 300 digits, never "0" for 5e-324.
import type { Scale } from './scale.ts';

/** Magnitudes the display format shows well: two decimals at most, and not too many digits. */
const DISPLAY_FROM = 0.01;
const DISPLAY_BELOW = 1e12;

/**
 * One label a row, top first; '' for a row without one. A label that rounds to the same text
 * on several rows is shown once, on the middle one of them (the nearest to its value), or on
 * the top or bottom row when the run reaches it.
 */
export function yLabels(scale: Scale, display: (value: number) => string): string[] {
  const values = Array.from({ length: scale.height + 1 }, (_, row) => scale.valueAt(row));
  const format = chooseFormat(scale, display);
  const labels = values.map((v) => (v === undefined ? '' : format(v)));
  for (let start = 0; start < labels.length;) {
    let end = start;
    while (end + 1 < labels.length && labels[end + 1] === labels[start]) end++;
    // The end rows stand for the largest and smallest values exactly: they keep theirs.
    const keep = start === 0 ? 0 : end === labels.length - 1 ? end : Math.floor((start + end) / 2);
    for (let y = start; y <= end; y++) if (y !== keep) labels[y] = '';
    start = end + 1;
  }
  return labels;
}

function chooseFormat(scale: Scale, display: (value: number) => string): (v: number) => string {
  const top = scale.valueAt(0);
  const bottom = scale.valueAt(scale.height);
  if (scale.flat) {
    const value = scale.valueAt(Math.round(scale.height / 2)) as number;
    // A flat line's values differ past the 12th digit at most (MIN_RELATIVE_STEP): 1e300, not
    // 1.0000000000000002e300.
    return displayable(Math.abs(value)) ? display : rounded(12);
  }
  const size = Math.max(Math.abs(top as number), Math.abs(bottom as number));
  // The display format's two decimals (or none past 100) may not tell the ends apart.
  if (displayable(size) && display(top as number) !== display(bottom as number)) return display;
  // Digits enough for one row's step: the step is a share of the largest magnitude.
  const step = Math.abs((top as number) / size - (bottom as number) / size) / scale.height;
  return rounded(Math.min(15, Math.max(2, Math.ceil(-Math.log10(step)) + 1)));
}

/** The value to `digits` significant digits, or its own shortest text when that is no longer. */
function rounded(digits: number): (v: number) => string {
  return (v) => {
    const round = tidy(v.toPrecision(digits));
    // 5e-324, not 4.9e-324.
    const exact = shortest(v);
    return exact.length <= round.length ? exact : round;
  };
}

function displayable(magnitude: number): boolean {
  return magnitude === 0 || (magnitude >= DISPLAY_FROM && magnitude < DISPLAY_BELOW);
}

/** The shortest text that reads back as the value: 0.009, 5e-324, 1e15. */
function shortest(value: number): string {
  const plain = tidy(String(value));
  const scientific = tidy(value.toExponential());
  // Plain unless it is much longer: 0.009 reads better than 9e-3.
  return plain.length <= scientific.length + 2 ? plain : scientific;
}

/** "1.9200e+300" as "1.92e300"; "1.50" as "1.5". */
function tidy(text: string): string {
  const [mantissa = '', exponent] = text.split('e');
  const short = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
  return exponent === undefined ? short : `${short}e${exponent.replace('+', '')}`;
}

/** Columns the widest label takes. */
export function labelWidth(labels: readonly string[]): number {
  return labels.reduce((w, label) => Math.max(w, label.length), 0);
}
