// Strings from the API are data of unknown length: a text value of 300 KB, a metric name of
// 8 MB. Each is cut to a length a model can use, and the cut is marked in the string itself,
// so the model knows it holds a part (the marker is ours; the part before it is the API's).

/** Longest text from the API kept whole in an answer (a text value, a field of a profile). */
export const MAX_TEXT_CHARS = 1000;
/** Longest name kept whole (metric, provider, unit, plan, object keys): as long as a tool argument may be. */
export const MAX_NAME_CHARS = 200;

/** `text`, or its first `max` characters followed by a marker saying how much was cut. */
export function clip(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  let keep = max;
  // Never split a surrogate pair: half a character is not text.
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return `${text.slice(0, keep)}${marker(text.length - keep)}`;
}

export function clipName(name: string): string {
  return clip(name, MAX_NAME_CHARS);
}

export function marker(cut: number): string {
  return `…[cut by healthdata: ${cut} more characters]`;
}

/** Whether `text` ends with the cut marker. */
export function wasClipped(text: string): boolean {
  return /…\[cut by healthdata: \d+ more characters\]$/.test(text);
}

/** The one shape of a date the tools put in their own sentences: YYYY-MM-DD, nothing else. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}
