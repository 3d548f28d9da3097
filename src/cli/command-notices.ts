// A command's notices: --quiet and --verbose from its flags; stderr, whether it is a terminal,
// and the run's redaction from its context. One place, so that every command hears them alike.
import type { Palette } from '../output/terminal/colors.ts';
import type { Context } from './context.ts';
import { createNotices, type Notices } from './notices.ts';

export function commandNotices(
  flags: { quiet?: boolean | undefined; verbose?: boolean | undefined },
  ctx: Context,
  palette?: Palette,
): Notices {
  return createNotices(ctx.stderr, {
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    interactive: ctx.stderrIsTTY,
    redact: ctx.secrets?.redact,
    columns: ctx.stderrIsTTY ? ctx.stderrColumns : undefined,
    ...(palette === undefined ? {} : { palette }),
  });
}
