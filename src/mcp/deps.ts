// What the tools need from the outside world, injected: the CLI passes a client built from
// its own settings, tests pass one against a sandbox.
import type { HealthClient } from '../api/client.ts';

export interface ToolDeps {
  /** The API client, opened on first use; rejects with the CLI's error (no key, bad URL). */
  client(): Promise<HealthClient>;
  /** Epoch ms, for relative dates (today, 30d) in the user's calendar. */
  now(): number;
  /** Aborted when the server shuts down; each call also has its own (cancellation). */
  signal: AbortSignal;
  /** Removes the API key from any text leaving the server. */
  redact(text: string): string;
  /** The cap on a tool answer, in bytes (fit/caps.ts); DEFAULT_ANSWER_BYTES when not set. */
  maxAnswerBytes?: number;
  /** Called when the API rejected the key (or none is set): settings are read again next time. */
  authFailed?(): void;
}
