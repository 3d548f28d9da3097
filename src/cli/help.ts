// Help that reads well at any width: one parenthesis per description (commander appends its own
// "(default: …)" and "(choices: …)" after ours), and footers wrapped at words to the terminal.
import type { AddHelpTextContext, Argument, HelpConfiguration, Option } from 'commander';
import { outputColumns } from '../output/terminal/width.ts';
import type { Context } from './context.ts';

/** Commander's extras merged into the description's own closing parenthesis, or one new one. */
export function mergeExtras(description: string, extras: readonly string[]): string {
  if (extras.length === 0) return description;
  const joined = extras.join('; ');
  if (description === '') return `(${joined})`;
  if (description.endsWith(')')) return `${description.slice(0, -1)}; ${joined})`;
  return `${description} (${joined})`;
}

/** Extras commander would add, without what the description already says. */
function extrasOf(
  description: string,
  choices: readonly string[] | undefined,
  defaultText: string | undefined,
): string[] {
  const extras: string[] = [];
  // A description that already names every choice (`table, json, … or tsv`) needs no list.
  if (choices && !choices.every((c) => description.includes(c))) {
    extras.push(`one of: ${choices.join(', ')}`);
  }
  if (defaultText !== undefined && !description.includes('default:')) {
    extras.push(`default: ${defaultText}`);
  }
  return extras;
}

/** For program.configureHelp(), which subcommands inherit. */
export const tidyHelp: HelpConfiguration = {
  // commander stops wrapping when the description column is under 40: too wide for 60 columns.
  minWidthToWrap: 24,
  optionDescription(option: Option): string {
    const showDefault = option.defaultValue !== undefined && (option.required || option.optional);
    const defaultText = showDefault
      ? (option.defaultValueDescription ?? JSON.stringify(option.defaultValue))
      : undefined;
    return mergeExtras(
      option.description,
      extrasOf(option.description, option.argChoices, defaultText),
    );
  },
  argumentDescription(argument: Argument): string {
    const defaultText =
      argument.defaultValue !== undefined
        ? (argument.defaultValueDescription ?? JSON.stringify(argument.defaultValue))
        : undefined;
    return mergeExtras(
      argument.description,
      extrasOf(argument.description, argument.argChoices, defaultText),
    );
  },
};

/** Width for help on stdout or stderr: the terminal's, else COLUMNS, else 80. */
export function helpWidth(ctx: Context, toStderr: boolean): number {
  const tty = toStderr ? ctx.stderrIsTTY : ctx.stdoutIsTTY;
  const columns = tty ? (toStderr ? ctx.stderrColumns : ctx.stdoutColumns) : undefined;
  return Math.max(40, outputColumns(columns, ctx.env) ?? 80);
}

/**
 * Text after a command's help, wrapped at words to the help's width. Lines that start with a
 * space (examples, commands) are kept as they are; other lines join into paragraphs.
 */
export function footer(ctx: Context, text: string): (context: AddHelpTextContext) => string {
  return (context) => wrapParagraphs(text, helpWidth(ctx, context.error));
}

export function wrapParagraphs(text: string, width: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length === 0) return;
    let line = '';
    for (const word of paragraph.join(' ').split(/\s+/)) {
      if (line !== '' && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else {
        line = line === '' ? word : `${line} ${word}`;
      }
    }
    out.push(line);
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '' || /^\s/.test(line)) {
      flush();
      out.push(line);
    } else {
      paragraph.push(line.trim());
      // A heading such as "Examples:" stands on its own line.
      if (line.endsWith(':') && line.length < 30) flush();
    }
  }
  flush();
  return out.join('\n');
}
