// The bearer token of `healthdata mcp --http`: without it, or with any other, a request gets 401
// and nothing is read from the API; with it the SDK's own client works. The token is made on
// first use, kept in the 0600 config file, printed by `config get mcp-token` alone, replaced by
// `config unset mcp-token` (a running server refuses the old one at once), and never written to
// stderr, --verbose logs or `config list`.
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { connectHttp, fileOf, mcpToken, post, startMcpHttp } from '../helpers/mcp-http.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { binForNobody, NOBODY } from '../helpers/nobody.ts';
import { spawnCli } from '../helpers/spawn.ts';

const sandbox = useSandbox();

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function apiEnv(configDir: string): Record<string, string> {
  return {
    HEALTHDATA_CONFIG_DIR: configDir,
    HEALTHDATA_BASE_URL: sandbox.current.url,
    HEALTHDATA_API_KEY: sandbox.current.apiKey,
  };
}

const CHALLENGE = 'Bearer realm="healthdata"';

describe('healthdata mcp --http: the bearer token', () => {
  it('answers 401 with WWW-Authenticate: Bearer to a request without the token or with another, reading nothing from the API', async () => {
    const configDir = tempDir();
    const server = await startMcpHttp(apiEnv(configDir), ['--verbose']);
    const token = await mcpToken(configDir);
    expect(token).toMatch(TOKEN_SHAPE);
    const other = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const mark = sandbox.current.requests.length;

    // [what is sent, whether it is a bearer credential (which earns error="invalid_token")]
    const refused: [string | undefined, boolean][] = [
      [undefined, false],
      [`Bearer ${other}`, true], // same length, one character off
      [`Bearer ${token.slice(0, -1)}`, true],
      [`Bearer ${token}x`, true],
      [`Bearer ${token} ${token}`, true],
      ['Bearer', true], // empty
      [`Basic ${Buffer.from(`user:${token}`).toString('base64')}`, false],
      [token, false], // no scheme
      [`Token ${token}`, false],
    ];
    for (const [authorization, bearer] of refused) {
      const response = await post(server.url, authorization);
      expect(response.status, String(authorization)).toBe(401);
      const challenge = response.headers.get('www-authenticate') ?? '';
      if (bearer) expect(challenge).toMatch(/^Bearer realm="healthdata", error="invalid_token"/);
      else expect(challenge).toBe(CHALLENGE);
      const body = (await response.json()) as { error: string; error_description: string };
      expect(body.error_description).toContain('healthdata config get mcp-token');
      expect(JSON.stringify(body)).not.toContain(token);
    }
    // The stream of server messages and the end of a session are guarded as well.
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(server.url, {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(response.status, method).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
    // The SDK's own client, given no token, cannot even connect.
    await expect(connectHttp(server.url)).rejects.toThrow();
    expect(sandbox.current.requests.length).toBe(mark);

    // The same call with the token reads the API (the scheme's case does not matter, RFC 7235).
    const allowed = await post(server.url, `bearer ${token}`);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('steps_total');
    expect(sandbox.current.requests.length).toBeGreaterThan(mark);

    // With the token, the SDK's client lists the tools and calls one.
    const client = await connectHttp(server.url, token);
    expect((await client.listTools()).tools).toHaveLength(9);
    const result = await client.callTool({
      name: 'query_metrics',
      arguments: { metrics: ['steps_total'], from: addDays(TODAY, -3) },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.structuredContent)).toContain('steps_total');
    await client.close();

    expect(await server.stop()).toBe(143);
    const stderr = server.stderr();
    // --verbose logged the API requests, and said where the token is, never the token.
    expect(stderr).toContain(`GET ${sandbox.current.url}/`);
    expect(stderr).toContain("'healthdata config get mcp-token' prints the token");
    expect(stderr).not.toContain(token);
    expect(server.stdout()).toBe('');
    // The token goes to the MCP server alone: the API never sees it.
    expect(JSON.stringify(sandbox.current.requests)).not.toContain(token);
  });

  it('is made by the first start in the 0600 config file; config unset replaces it, and the old one is refused at once and after a restart', async () => {
    const configDir = tempDir();
    const first = await startMcpHttp(apiEnv(configDir));
    const made = fileOf(configDir);
    expect(made.mode).toBe(0o600);
    const old = made.values['mcp-token'];
    expect(old).toMatch(TOKEN_SHAPE);
    expect(await mcpToken(configDir)).toBe(old);
    const client = await connectHttp(first.url, old as string);
    expect((await client.listTools()).tools).toHaveLength(9);
    await client.close();

    const unset = await spawnCli(['config', 'unset', 'mcp-token'], {
      env: { HEALTHDATA_CONFIG_DIR: configDir },
    });
    expect(unset.code).toBe(0);
    expect(unset.stderr).toMatch(/^removed mcp-token from .*refuses it from its next request/);
    expect(fileOf(configDir).values).not.toHaveProperty('mcp-token');

    // The running server reads the file again: the old token is refused without a restart.
    const refused = await post(first.url, `Bearer ${String(old)}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const fresh = await mcpToken(configDir);
    expect(fresh).toMatch(TOKEN_SHAPE);
    expect(fresh).not.toBe(old);
    const again = await connectHttp(first.url, fresh);
    expect((await again.listTools()).tools).toHaveLength(9);
    await again.close();
    expect(await first.stop()).toBe(143);

    const second = await startMcpHttp(apiEnv(configDir));
    expect((await post(second.url, `Bearer ${String(old)}`)).status).toBe(401);
    const client2 = await connectHttp(second.url, fresh);
    expect((await client2.listTools()).tools).toHaveLength(9);
    await client2.close();
    expect(await second.stop()).toBe(143);

    for (const stderr of [first.stderr(), second.stderr()]) {
      expect(stderr).not.toContain(String(old));
      expect(stderr).not.toContain(fresh);
    }
    expect(fileOf(configDir).mode).toBe(0o600);
  });

  it('config get mcp-token prints it whole on stdout and makes it on first use; list, set and --profile never show it', async () => {
    const configDir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: configDir };
    const got = await spawnCli(['config', 'get', 'mcp-token'], { env });
    expect(got.code).toBe(0);
    expect(got.stderr).toBe('');
    const token = got.stdout.trimEnd();
    expect(got.stdout).toBe(`${token}\n`);
    expect(token).toMatch(TOKEN_SHAPE);
    expect(fileOf(configDir)).toEqual({ mode: 0o600, values: { 'mcp-token': token } });
    expect(await mcpToken(configDir)).toBe(token);

    await spawnCli(['config', 'set', 'api-key', 'phd_live_token_test_key_0123'], { env });
    await spawnCli(
      ['config', 'set', 'api-key', 'phd_live_alice_key_0123456', '--profile', 'alice'],
      {
        env,
      },
    );
    const list = await spawnCli(['config', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^mcp-token=\S+…\S+$/m);
    expect(list.stdout + list.stderr).not.toContain(token);

    // One token for the whole file: HEALTHDATA_PROFILE does not change it, --profile is refused.
    const inProfile = await spawnCli(['config', 'get', 'mcp-token'], {
      env: { ...env, HEALTHDATA_PROFILE: 'alice' },
    });
    expect(inProfile.stdout).toBe(`${token}\n`);
    for (const args of [
      ['config', 'get', 'mcp-token', '--profile', 'alice'],
      ['config', 'unset', 'mcp-token', '--profile', 'alice'],
      ['config', 'set', 'mcp-token', 'my-own-token-that-is-long-enough-0123456789'],
    ]) {
      const refused = await spawnCli(args, { env });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(refused.stderr).not.toContain(token);
    }
    expect(fileOf(configDir).values['mcp-token']).toBe(token);
  });

  it('a token in the file that healthdata did not make stops the start, in one line that does not quote it', async () => {
    const configDir = tempDir();
    writeFileSync(join(configDir, 'config.json'), '{"mcp-token": "guessable-123"}', {
      mode: 0o600,
    });
    const started = await spawnCli(['mcp', '--http', '0'], { env: apiEnv(configDir) });
    expect(started.code).toBe(2);
    expect(started.stderr).toMatch(
      /^healthdata: error: the mcp-token in .* is not one healthdata made .*'healthdata config unset mcp-token'/,
    );
    expect(started.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(started.stderr).not.toContain('guessable-123');
  });

  it('a config folder the user cannot write stops the first use with one line, and no token anywhere', async () => {
    // root's 0755 folder, run as nobody: the token cannot be kept, so none is handed out.
    const configDir = tempDir();
    chmodSync(configDir, 0o755);
    const bin = binForNobody();
    const as = { bin, uid: NOBODY, gid: NOBODY };
    const got = await spawnCli(['config', 'get', 'mcp-token'], {
      ...as,
      env: { HEALTHDATA_CONFIG_DIR: configDir },
    });
    expect(got.code).toBe(1);
    expect(got.stdout).toBe('');
    // The token is made under the config file's lock: the lock file is the first write.
    expect(got.stderr).toMatch(
      /^healthdata: error: cannot lock the config file .*config\.json with .*\(EACCES\) — nothing was changed/,
    );
    expect(got.stderr.trim().split('\n')).toHaveLength(1);
    const served = await spawnCli(['mcp', '--http', '0'], { ...as, env: apiEnv(configDir) });
    expect(served.code).toBe(1);
    expect(served.stderr).toMatch(/cannot lock the config file .*\(EACCES\)/);
    expect(served.stderr).not.toMatch(/serving/);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });
});
