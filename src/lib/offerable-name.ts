// Which catalog names may be offered as completions, by shell TAB and by MCP's
// completion/complete alike: one rule, so a name one of them refuses the other refuses too.
import { hasUnsafe } from './visible.ts';

/**
 * A candidate goes onto the command line and into the shell's list (or a client's menu):
 * nothing that could drive the terminal or hide in it (an escape, a newline, a bidi or
 * zero-width character). It is one item of a comma list that the CLI trims, so no comma and no
 * space at either end; inside, the plain space only (a tab or a no-break space would pass for
 * one). The shell scripts quote it; shell syntax in it ($( ), backquotes, globs, quotes) is
 * just text.
 */
export function offerableName(name: string): boolean {
  return name !== '' && name === name.trim() && !/,|[^\S ]/.test(name) && !hasUnsafe(name);
}
