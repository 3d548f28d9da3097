// Catalog names that are shell code, for the completion tests: each one, if a shell expanded or
// ran it, would leave a marker file in the shell's working directory (or, for the globs, pick up
// the bait files put there), so "nothing ran" is a look at that directory.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp.ts';

/**
 * Names that can be offered, as the literal words they are. `tag` keeps the markers of metric
 * and provider names apart. The one starting with `${tag}zz` is the only one with that prefix
 * (for a real TAB that completes it whole).
 */
export function offerableNames(tag: string): string[] {
  return [
    'steps',
    `$(touch ${tag}-dollar)`,
    `$(touch\${IFS}${tag}-dollar-ifs)`,
    `\`touch\${IFS}${tag}-backquote-ifs\``,
    `\`touch ${tag}-backquote\``,
    '${HOME}',
    `\${x:=$(touch ${tag}-brace)}`,
    `'$(touch ${tag}-single)'`,
    `"$(touch ${tag}-double)"`,
    `\\$(touch ${tag}-backslash)`,
    `;touch ${tag}-semicolon`,
    `a&&touch ${tag}-and`,
    `a|touch ${tag}-pipe`,
    `a>${tag}-redirect`,
    `a $(touch ${tag}-space)`,
    'heart rate',
    'glob*',
    'gl?b',
    '[a]b',
    '~root',
    'bang!x',
    'a=b:c',
    `${tag}zz$(touch\${IFS}${tag}-tab)`,
  ];
}

/** Names no shell can be offered as one word of `-m a,b` (or at all): left out. */
export function unofferableNames(tag: string): string[] {
  return [
    `nl\n$(touch ${tag}-newline)`,
    `cr\r$(touch ${tag}-cr)`,
    `tab\t$(touch ${tag}-tabchar)`,
    `comma,$(touch ${tag}-comma)`,
    ` $(touch ${tag}-lead)`,
    '',
  ];
}

/** Files a glob in a name would match, were it expanded: globfile, glxb, ab. */
const BAIT = ['ab', 'globfile', 'glxb'];

/** A working directory for the shell: only the bait files in it. */
export function markerDir(): string {
  const dir = tempDir('completion-cwd-');
  for (const name of BAIT) writeFileSync(join(dir, name), '');
  return dir;
}

/** Files in the directory that are not bait: what a name that ran left behind. */
export function markersIn(dir: string): string[] {
  return readdirSync(dir).filter((name) => !BAIT.includes(name));
}

/** A catalog that lists every name, offerable or not, of both kinds. */
export function hostileCatalog(): unknown {
  const metrics = [...offerableNames('m'), ...unofferableNames('m')];
  const providers = [...offerableNames('p'), ...unofferableNames('p')];
  return {
    metrics: metrics.map((metric) => ({ metric, providers: ['x'] })),
    providers: providers.map((provider) => ({ provider, kind: 'app', metrics: ['steps'] })),
  };
}

/** A string as one single-quoted shell word (bash, zsh and fish read it alike). */
export function shellWord(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
