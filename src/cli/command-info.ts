// What the program needs to know of a command without building it. Only the command being run
// is built in full (its options, help and action); every other one is listed in the top-level
// help from its name, summary and term. Building all of them cost a few milliseconds of
// commander's option parsing on every start, --version and --help included (issue 14).
import type { Command } from 'commander';
import type { Context } from './context.ts';

export interface CommandInfo {
  readonly name: string;
  /** The command's description: one line in the top-level help. */
  readonly summary: string;
  /** What the top-level help shows after the name, e.g. '[options] <metric...>' (a test keeps it true). */
  readonly term: string;
  readonly hidden?: boolean;
  /** Adds the command in full: options, arguments, help text and its lazily loaded action. */
  readonly register: (program: Command, ctx: Context) => void;
}
