// Which days a record covers. A day's value in a record is shown as every surface shows it
// (src/daily/shown.ts: exact as the API sent it, a `several` day's mean through amount()).

/** Which days a record covers: [from, to], either end open when null. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export function inRange(range: DayRange): (date: string) => boolean {
  return (date) =>
    (range.from === null || date >= range.from) && (range.to === null || date <= range.to);
}
