// Which tools `healthdata mcp` serves: --tools a,b,c, else HEALTHDATA_MCP_TOOLS, else all. A
// client with a small context (or a user who wants only the insight tools) lists fewer; a
// misspelt name stops the start, naming the tools there are, rather than serving fewer.
import { UsageError } from '../../../lib/errors.ts';
import { clip } from '../../../mcp/fit/clip.ts';
import { TOOL_NAMES, type ToolName } from '../../../mcp/server.ts';

/** The tools to serve, in TOOL_NAMES order; all of them when neither source names any. */
export function chooseTools(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): readonly ToolName[] {
  const fromEnv = env['HEALTHDATA_MCP_TOOLS'];
  if (flag !== undefined) return parseTools(flag, '--tools');
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return parseTools(fromEnv, 'HEALTHDATA_MCP_TOOLS');
  }
  return TOOL_NAMES;
}

function parseTools(text: string, source: string): readonly ToolName[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const known = TOOL_NAMES.join(', ');
  if (names.length === 0) {
    throw new UsageError(`${source} names no tool — give one or more of: ${known}`, 'bad_option');
  }
  const unknown = names.filter((name) => !(TOOL_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    const listed = unknown.map((name) => JSON.stringify(clip(name, 40))).join(', ');
    throw new UsageError(
      `unknown tool${unknown.length === 1 ? '' : 's'} ${listed} in ${source} — the tools are: ${known}`,
      'bad_option',
    );
  }
  return TOOL_NAMES.filter((name) => names.includes(name));
}
