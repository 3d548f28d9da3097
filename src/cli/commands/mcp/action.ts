// `healthdata mcp`: the MCP server on stdin/stdout until the client closes the connection
// (or a signal). The API client is opened on first use and kept; if the settings are wrong,
// each tool call answers with the CLI's error line until they are fixed, without a restart.
import type { HealthClient } from '../../../api/client.ts';
import type { McpServer } from '@modelcontextprotocol/server';
import { HealthdataError } from '../../../lib/errors.ts';
import { createHealthServer } from '../../../mcp/server.ts';
import { serveOnStreams } from '../../../mcp/serve-stdio.ts';
import { withVerboseToCall } from '../../../mcp/logging.ts';
import type { Context } from '../../context.ts';
import { commandNotices } from '../../command-notices.ts';
import type { ConnectionFlags } from '../../flags.ts';
import { checkStdioFlags, type HttpFlags } from './credentials.ts';
import { checkSettingsOwner, connectClient, type ConnectedClient } from '../../connect-client.ts';
import { chooseProfile, describeProfile } from '../../../config/settings.ts';
import { VERSION } from '../../version.ts';
import { chooseTools } from './tool-choice.ts';

export interface McpFlags extends ConnectionFlags, HttpFlags {
  /** --max-answer-bytes: the cap on one tool answer (src/mcp/fit/caps.ts). */
  maxAnswerBytes?: number;
  /** --tools a,b,c: serve only these (tool-choice.ts). */
  tools?: string;
}

export async function runMcp(flags: McpFlags, ctx: Context): Promise<void> {
  checkStdioFlags(flags);
  // A misspelt tool name stops the start before anything else: it is the command line's fault.
  const tools = chooseTools(flags.tools, ctx.env);
  const notices = commandNotices(flags, ctx);
  // The API client's --verbose lines (its retries) also go to the log of the call they serve.
  const toCall = withVerboseToCall(notices);
  // The run's redaction knows the key in use once the client has resolved it (config file too).
  const redact = ctx.secrets?.redact ?? ((text: string) => text);
  const say = (line: string): void => {
    if (!flags.quiet) ctx.stderr.write(redact(`healthdata mcp: ${line}\n`));
  };

  let connected: Promise<ConnectedClient> | undefined;
  const client = async (): Promise<HealthClient> => {
    connected ??= connectClient(flags, ctx, toCall, 4).catch((error: unknown) => {
      connected = undefined;
      throw error;
    });
    return (await connected).client;
  };

  // After a 401 the user may fix the key (`healthdata config set api-key`) while the AI app
  // keeps running: the next call resolves the settings again.
  // The old client is closed at shutdown, not now: another call may still be using it.
  const retired: Promise<ConnectedClient>[] = [];
  const authFailed = (): void => {
    if (connected) retired.push(connected);
    connected = undefined;
  };

  // One server, one person: the profile is fixed for the server's life (a bad name stops it now).
  const profile = flags.demo ? undefined : chooseProfile(flags.profile, ctx.env);
  // A key that is not that person's would serve somebody else's data under their name: it
  // stops the server now, as a bad name does, not at the first tool call.
  if (profile) await checkSettingsOwner(flags, ctx);
  const demo = flags.demo
    ? ' from the built-in sandbox (demo data)'
    : profile
      ? ` for ${describeProfile(profile)}`
      : '';
  const shutdown = new AbortController();
  const deps = {
    client,
    now: () => ctx.clock.now(),
    signal: shutdown.signal,
    redact,
    authFailed,
    ...(flags.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: flags.maxAnswerBytes }),
  };
  const factory = (): McpServer => createHealthServer(deps, VERSION, tools);
  const onerror = (error: Error): void => notices.verbose(redact(`protocol: ${error.message}`));
  let connection: { closed?: Promise<void>; close(): Promise<void> };
  if (flags.http === undefined) {
    connection = serveOnStreams(factory, ctx.stdin, ctx.stdout, onerror);
    say(`serving ${tools.join(', ')} over stdio${demo}`);
    if (ctx.stdinIsTTY) {
      say(
        "this speaks MCP on stdin/stdout and is meant to be started by an MCP client, e.g. 'claude mcp add healthdata -- healthdata mcp' (see docs/mcp.md); Ctrl-D or Ctrl-C to stop",
      );
    }
  } else {
    const { serveHttpMode } = await import('./http-mode.ts');
    const http = await serveHttpMode({ ...flags, http: flags.http }, ctx, factory, onerror, say);
    connection = http;
    say(`serving ${tools.join(', ')} at ${http.url}${demo} ${http.to} — Ctrl-C to stop`);
  }
  // Open the client now, so a settings problem shows in the client's log at once.
  client().catch((error: unknown) => {
    const message = error instanceof HealthdataError ? error.message : String(error);
    say(`error: ${message} (each tool call will answer with this until it is fixed)`);
  });

  const stopped = new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    await Promise.race([connection.closed ?? stopped, stopped]);
  } finally {
    shutdown.abort();
    await connection.close().catch(() => undefined);
    for (const open of [...retired, ...(connected ? [connected] : [])]) {
      await open.then((s) => s.close()).catch(() => undefined);
    }
  }
  // Stopped by a signal, it ends as every command does (130, 143), its clean-up done; the
  // client closing stdin is the normal end (0).
  if (ctx.signal.aborted) throw ctx.signal.reason;
}
