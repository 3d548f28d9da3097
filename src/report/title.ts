// Whose data a report shows, in its title (the file's <title> and the page's heading): the
// API profile's display name and the config profile's name, each where there is one. With
// neither, the title names no one. The names are server or user text: every control, bidi
// or invisible character is shown as its escape (src/lib/visible.ts), so a name cannot
// reorder or hide the title around it, and a very long one is cut.
import { visible } from '../lib/visible.ts';
import type { ReportModel, ReportPerson } from './types.ts';

const MAX = 80;

function shown(name: string): string {
  const text = visible(name);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

/** "Alice Example (profile alice)", "Alice Example", "profile alice", or null. */
export function whoOf(person: ReportPerson): string | null {
  const profile = person.profile === null ? null : `profile ${shown(person.profile)}`;
  if (person.displayName === null) return profile;
  const name = shown(person.displayName);
  return profile === null ? name : `${name} (${profile})`;
}

/** The page's heading, as text (the page escapes it). */
export function headingOf(model: Pick<ReportModel, 'who'>): string {
  return model.who === null ? 'Health report' : `Health report: ${model.who}`;
}

/** The file's <title>, as text: the heading and the range. */
export function titleOf(model: Pick<ReportModel, 'who' | 'range'>): string {
  return `${headingOf(model)}, ${model.range.from} to ${model.range.to}`;
}
