// One POST of an alert (a webhook's JSON, an ntfy message), with the run's timeout on connect,
// headers and body. A 2xx answer is a delivery; anything else is a failure the state file
// remembers, so the alert is sent again next run.
import { Agent } from 'undici';
import { HealthdataError } from '../../lib/errors.ts';

export class DeliveryError extends HealthdataError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('delivery_failed', message, 'failure', options);
  }
}

export interface Poster {
  post(url: URL, headers: Record<string, string>, body: string): Promise<void>;
  close(): Promise<void>;
}

export function httpPoster(timeoutMs: number, signal: AbortSignal): Poster {
  const agent = new Agent({ connect: { timeout: timeoutMs }, keepAliveTimeout: 5_000 });
  return {
    post: async (url, headers, body) => {
      let status: number;
      try {
        const res = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers,
          body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal,
        });
        status = res.statusCode;
        await res.body.dump();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new DeliveryError(
          `${typeof code === 'string' ? code : error instanceof Error ? error.message : 'failed'}`,
          { cause: error },
        );
      }
      if (status < 200 || status > 299) throw new DeliveryError(`HTTP ${status}`);
    },
    close: () => agent.close(),
  };
}
