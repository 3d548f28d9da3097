// Where the OAuth mode of `healthdata mcp --http` takes its settings from and where it listens:
// the config file below the environment twins, its public URL behind a reverse proxy (the
// proxy's Host let in, a foreign one refused), --host, and the usage errors that stop a start.
// A real authorization server (oidc-provider, test/helpers/oidc-issuer.ts) issues the tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { connectHttp, mcpToken, post, postAs, startMcpHttp } from '../helpers/mcp-http.ts';
import { startIssuer, type Issuer } from '../helpers/oidc-issuer.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnCli, until } from '../helpers/spawn.ts';

const sandbox = useSandbox();
let issuer: Issuer;

beforeAll(async () => {
  issuer = await startIssuer();
});

afterAll(async () => {
  await issuer?.close();
});

describe('healthdata config set mcp-oauth-*', () => {
  it('saves the OAuth settings for the whole config file; the environment twin wins over the file', async () => {
    const dir = tempDir();
    const config = (...args: string[]) =>
      spawnCli(['config', ...args], { env: { HEALTHDATA_CONFIG_DIR: dir } });
    expect((await config('set', 'mcp-oauth-issuer', issuer.url)).code).toBe(0);
    expect((await config('set', 'mcp-oauth-subject', 'owner')).code).toBe(0);
    const got = await config('get', 'mcp-oauth-issuer');
    expect(got).toMatchObject({ code: 0, stdout: `${issuer.url}\n` });
    const perProfile = await config('set', 'mcp-oauth-subject', 'x', '--profile', 'alice');
    expect(perProfile.code).toBe(2);
    expect(perProfile.stderr).toMatch(/belongs to the whole config file/);

    const fromFile = await startMcpHttp({
      HEALTHDATA_CONFIG_DIR: dir,
      HEALTHDATA_BASE_URL: sandbox.current.url,
      HEALTHDATA_API_KEY: sandbox.current.apiKey,
      HEALTHDATA_MCP_OAUTH_SUBJECT: 'stranger',
    });
    try {
      expect(fromFile.stderr()).toContain('to the owner (subject "stranger")');
      const challenge = (await post(fromFile.url, undefined)).headers.get('www-authenticate');
      expect(challenge).toMatch(/^Bearer resource_metadata="/);
      const owners = await issuer.token('owner', fromFile.url);
      expect((await post(fromFile.url, `Bearer ${owners}`)).status).toBe(401);
      const strangers = await issuer.token('stranger', fromFile.url);
      expect((await post(fromFile.url, `Bearer ${strangers}`)).status).toBe(200);
    } finally {
      await fromFile.stop();
    }
  });
});

describe('healthdata config unset mcp-oauth-issuer', () => {
  it('leaves the other OAuth keys stray: the start stops and says how to undo them', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    expect((await spawnCli(['config', 'set', 'mcp-oauth-subject', 'owner'], { env })).code).toBe(0);
    const got = await spawnCli(['mcp', '--http', '0'], {
      env: { ...env, HEALTHDATA_BASE_URL: sandbox.current.url, HEALTHDATA_API_KEY: 'phd_k_1' },
    });
    expect(got.code).toBe(2);
    expect(got.stderr).toMatch(
      /mcp-oauth-subject in .* is an OAuth setting, and OAuth is off .* or run 'healthdata config unset mcp-oauth-subject'/,
    );
  });
});

describe('healthdata mcp --http --oauth-resource: behind a reverse proxy', () => {
  it('names its public URL in the metadata and the challenge, and takes requests with its public Host, not a foreign one', async () => {
    const publicUrl = 'https://health.example.test/mcp';
    const proxied = await startMcpHttp(
      {
        HEALTHDATA_CONFIG_DIR: tempDir(),
        HEALTHDATA_BASE_URL: sandbox.current.url,
        HEALTHDATA_API_KEY: sandbox.current.apiKey,
      },
      ['--oauth-issuer', issuer.url, '--oauth-subject', 'owner', '--oauth-resource', publicUrl],
    );
    try {
      // What a proxy such as Caddy passes on: the public Host.
      const asProxy = (host: string, authorization?: string) =>
        postAs(proxied.url, host, authorization);
      const bare = await asProxy('health.example.test');
      expect(bare.status).toBe(401);
      expect(bare.challenge).toBe(
        'Bearer resource_metadata="https://health.example.test/.well-known/oauth-protected-resource/mcp"',
      );
      const metadata = await fetch(
        `${new URL(proxied.url).origin}/.well-known/oauth-protected-resource/mcp`,
      );
      expect(await metadata.json()).toMatchObject({
        resource: publicUrl,
        authorization_servers: [issuer.url],
      });
      const token = await issuer.token('owner', publicUrl);
      expect((await asProxy('health.example.test', `Bearer ${token}`)).status).toBe(200);
      // A token for the loopback URL is not one for the public resource.
      const local = await issuer.token('owner', proxied.url);
      expect((await asProxy('health.example.test', `Bearer ${local}`)).status).toBe(401);
      // Another name is refused before the token is looked at (DNS rebinding).
      expect((await asProxy('evil.example', `Bearer ${token}`)).status).toBe(403);
    } finally {
      await proxied.stop();
    }
  });
});

describe('healthdata mcp --http --oauth-issuer: an issuer that cannot be reached', () => {
  it('says so at start, and answers a token 503 (neither good nor bad) without reading the API', async () => {
    const gone = await startIssuer();
    await gone.close();
    const unreachable = await startMcpHttp(
      {
        HEALTHDATA_CONFIG_DIR: tempDir(),
        HEALTHDATA_BASE_URL: sandbox.current.url,
        HEALTHDATA_API_KEY: sandbox.current.apiKey,
      },
      ['--oauth-issuer', gone.url, '--oauth-subject', 'owner'],
    );
    try {
      await until(() => unreachable.stderr().includes('warning: cannot read'));
      expect(unreachable.stderr()).toMatch(
        /warning: cannot read the authorization server's metadata .* tokens are answered 503/,
      );
      const mark = sandbox.current.requests.length;
      const token = await issuer.token('owner', unreachable.url);
      const response = await post(unreachable.url, `Bearer ${token}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(sandbox.current.requests.length).toBe(mark);
    } finally {
      await unreachable.stop();
    }
  });
});

describe('healthdata mcp --http --host', () => {
  it('listens on the address given, with the credential mode still on every request', async () => {
    const dir = tempDir();
    const other = await startMcpHttp(
      {
        HEALTHDATA_CONFIG_DIR: dir,
        HEALTHDATA_BASE_URL: sandbox.current.url,
        HEALTHDATA_API_KEY: sandbox.current.apiKey,
      },
      ['--host', '127.0.0.2'],
    );
    try {
      expect(other.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/mcp$/);
      const mark = sandbox.current.requests.length;
      expect((await post(other.url, undefined)).status).toBe(401);
      expect(sandbox.current.requests.length).toBe(mark);
      const token = await mcpToken(dir);
      const client = await connectHttp(other.url, token);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
      // Loopback still: no warning to put TLS in front.
      expect(other.stderr()).not.toContain('warning');
    } finally {
      await other.stop();
    }
  });
});

describe('healthdata mcp: the OAuth and --host usage errors (exit 2)', () => {
  const env = { HEALTHDATA_BASE_URL: 'http://127.0.0.1:9', HEALTHDATA_API_KEY: 'phd_test_key_1' };
  it.each([
    [['mcp', '--host', '0.0.0.0'], /--host needs --http/],
    [['mcp', '--oauth-issuer', 'https://auth.example.com'], /--oauth-issuer needs --http/],
    [['mcp', '--http', '0', '--oauth-subject', 'me'], /--oauth-subject is an OAuth setting/],
    [['mcp', '--http', '0', '--oauth-issuer', 'https://auth.example.com'], /--oauth-subject/],
    [
      ['mcp', '--http', '0', '--oauth-issuer', 'http://auth.example.com', '--oauth-subject', 'me'],
      /plain http:\/\/ to auth\.example\.com/,
    ],
    [
      ['mcp', '--http', '0', '--oauth-issuer', 'auth.example.com', '--oauth-subject', 'me'],
      /not an http\(s\) URL/,
    ],
    [
      [
        'mcp',
        '--http',
        '0',
        '--oauth-issuer',
        'https://a.example',
        '--oauth-subject',
        'me',
        '--oauth-scope',
        'a"b',
      ],
      /not a list of scope names/,
    ],
  ])('%j', async (args, message) => {
    const got = await spawnCli(args, { env });
    expect(got.code).toBe(2);
    expect(got.stderr).toMatch(message);
    expect(got.stderr.trim().split('\n')).toHaveLength(1);
    expect(got.stdout).toBe('');
  });
});
