import { Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, integer } from '../../flags.ts';
import {
  DEFAULT_ANSWER_BYTES,
  LIST_CAPS,
  MAX_ANSWER_BYTES,
  MIN_ANSWER_BYTES,
} from '../../../mcp/fit/caps.ts';
import type { McpFlags } from './action.ts';

function registerMcp(program: Command, ctx: Context): void {
  const command = program
    .command('mcp')
    .description(mcpCommand.summary)
    .addOption(
      new Option(
        '--http <port>',
        "serve Streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio (0 = any free port), to clients that send the token 'healthdata config get mcp-token' prints",
      ).argParser(integer(0, 65535, '--http')),
    )
    .addOption(
      new Option(
        '--host <address>',
        'with --http: listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0); put TLS in front (docs/mcp.md)',
      ),
    )
    .addOption(
      new Option(
        '--oauth-issuer <url>',
        'with --http: accept OAuth access tokens (JWT) from this authorization server instead of the mcp-token (env HEALTHDATA_MCP_OAUTH_ISSUER)',
      ),
    )
    .addOption(
      new Option(
        '--oauth-subject <sub>',
        "the one account let in: your 'sub' at the issuer (env HEALTHDATA_MCP_OAUTH_SUBJECT)",
      ),
    )
    .addOption(
      new Option(
        '--oauth-resource <url>',
        "this server's public URL, e.g. https://health.example.com/mcp (default: the URL it listens at; env HEALTHDATA_MCP_OAUTH_RESOURCE)",
      ),
    )
    .addOption(
      new Option(
        '--oauth-audience <aud>',
        "the 'aud' tokens must carry (default: the resource URL; env HEALTHDATA_MCP_OAUTH_AUDIENCE)",
      ),
    )
    .addOption(
      new Option(
        '--oauth-scope <scopes>',
        'scopes every token must hold, space-separated (default: none; env HEALTHDATA_MCP_OAUTH_SCOPE)',
      ),
    )
    .addOption(
      new Option(
        '--max-answer-bytes <bytes>',
        `cap on one tool answer, in bytes (default ${DEFAULT_ANSWER_BYTES}; list_metrics ${LIST_CAPS.list_metrics}, list_sources and get_profile ${LIST_CAPS.list_sources} at most)`,
      ).argParser(integer(MIN_ANSWER_BYTES, MAX_ANSWER_BYTES, '--max-answer-bytes')),
    )
    .addOption(
      new Option(
        '--tools <names>',
        'serve only these tools, comma-separated, e.g. daily_summary,trend (default all; env HEALTHDATA_MCP_TOOLS)',
      ),
    );
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
An MCP client (Claude Desktop, Claude Code, an IDE or an agent) starts this command and talks
to it over stdin/stdout. Nine read-only tools: list_metrics, query_metrics, daily_summary,
get_profile, list_sources, trend, find_anomalies, compare_periods, correlate. Settings come from the flags, the environment or the config file,
as for every other command. Notices go to stderr; stdout carries only protocol messages.
Answers are capped in size; names and texts from the API reach the model as quoted data,
never in the tools' own words. Over --http every request must carry the header
'Authorization: Bearer <token>'; 'healthdata config get mcp-token' prints the token
(with --oauth-issuer: an access token from your own authorization server instead).

Examples:
  claude mcp add healthdata -- healthdata mcp
  healthdata mcp --demo          (the built-in sandbox: try it without a key)
  healthdata mcp --http 8788     (for clients that connect to a URL; loopback)
  healthdata mcp --http 8788 --oauth-issuer URL --oauth-subject SUB
                                 (OAuth, for remote clients: docs/mcp.md)

Client config: {"command": "healthdata", "args": ["mcp"]}  — see docs/mcp.md`,
    ),
  );
  command.action(async (flags: McpFlags) => {
    const { runMcp } = await import('./action.ts');
    await runMcp(flags, ctx);
  });
}

export const mcpCommand: CommandInfo = {
  name: 'mcp',
  summary: 'serve your health data to AI apps over the Model Context Protocol (stdio)',
  term: '[options]',
  register: registerMcp,
};
