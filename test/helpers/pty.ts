// Runs a shell command line inside a real pseudo-terminal, through util-linux `script`: the
// command's stdout and stderr are a terminal of the given size unless it redirects them.
// Returns what the terminal showed (\r\n line ends made \n) and the command's exit code.
import stringWidth from 'string-width';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from './cli.ts';
import { BIN, spawnShell } from './spawn.ts';

export interface PtyResult {
  code: number | null;
  screen: string;
}

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** `hd` in the command line stands for the built binary. */
export async function inPty(
  command: string,
  options: { cols: number; rows?: number; env?: Record<string, string | undefined> },
): Promise<PtyResult> {
  const line = `stty cols ${options.cols} rows ${options.rows ?? 50}; hd() { ${quote(process.execPath)} ${quote(BIN)} "$@"; }; ${command}`;
  const result = await spawnShell(`script -qec ${quote(line)} /dev/null`, {
    env: { TERM: 'xterm-256color', ...options.env },
  });
  return { code: result.code, screen: result.stdout.replace(/\r\n/g, '\n') };
}

// eslint-disable-next-line no-control-regex -- colour codes are what this removes
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Environment for the built CLI against a sandbox, with its own empty config directory. */
export function sandboxEnv(s: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  return {
    HEALTHDATA_BASE_URL: s.url,
    HEALTHDATA_API_KEY: s.apiKey,
    HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
    HEALTHDATA_TODAY: s.today,
    ...extra,
  };
}

/** The built binary, quoted for a shell command line. */
export const HD = `'${process.execPath}' '${BIN}'`;

export const ESC = '\u001b';

/** The widest line of the output (notices on stderr, one per line, are not rows). */
export function widest(screen: string): number {
  return Math.max(
    ...stripAnsi(screen)
      .split('\n')
      .filter((l) => !/^(plan|notice|warning): /.test(l))
      .map((l) => stringWidth(l)),
  );
}
