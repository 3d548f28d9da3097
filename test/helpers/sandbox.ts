// A sandbox per test file, on 127.0.0.1 with an ephemeral port and a fixed "today".
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';

export const TODAY = '2026-11-22';

export function useSandbox(options: SandboxOptions = {}): {
  readonly current: Sandbox;
  args(): string[];
} {
  const holder: { sandbox?: Sandbox } = {};
  beforeAll(async () => {
    holder.sandbox = await startSandbox({ today: TODAY, ...options });
  });
  afterAll(async () => {
    await holder.sandbox?.close();
  });
  return {
    get current(): Sandbox {
      if (!holder.sandbox) throw new Error('sandbox not started');
      return holder.sandbox;
    },
    args(): string[] {
      const s = this.current;
      return ['--base-url', s.url, '--api-key', s.apiKey];
    },
  };
}

/** The metrics requests the sandbox saw since `mark`, with their query parameters. */
export function metricsRequests(sandbox: Sandbox, mark = 0): URLSearchParams[] {
  return sandbox.requests
    .slice(mark)
    .filter((r) => r.path.startsWith('/api/v1/metrics'))
    .map((r) => new URL(r.path, 'http://x').searchParams);
}
