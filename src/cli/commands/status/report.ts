// What `healthdata status` found, and how it reads: aligned lines for a person, or JSON.
import { isRecord } from '../../../lib/json.ts';
import type { Palette } from '../../../output/terminal/colors.ts';
import { visible } from '../../../output/terminal/visible.ts';
import { NULL_TEXT } from '../../../output/document-view/cells.ts';

export interface StatusReport {
  ok: boolean;
  /** The named profile in use, if any. */
  profile: { name: string; source: string } | null;
  base_url: { value: string | null; source: string | null };
  api_key: { redacted: string | null; source: string | null };
  response_ms: number | null;
  plan: string | null;
  history_window_days: number | null;
  history_floor: string | null;
  source_cap: number | null;
  error: { code: string; message: string } | null;
}

export function emptyReport(): StatusReport {
  return {
    ok: false,
    profile: null,
    base_url: { value: null, source: null },
    api_key: { redacted: null, source: null },
    response_ms: null,
    plan: null,
    history_window_days: null,
    history_floor: null,
    source_cap: null,
    error: null,
  };
}

/**
 * The plan window from a profile body, whose shape the spec does not show: its `meta` (as the
 * metrics pages send), else a `plan` object, else the top level.
 */
export function planOf(
  body: unknown,
): Pick<StatusReport, 'plan' | 'history_window_days' | 'history_floor' | 'source_cap'> {
  const candidates = isRecord(body) ? [body['meta'], body['plan'], body] : [];
  const pick = <T>(key: string, type: 'string' | 'number'): T | null => {
    for (const c of candidates) {
      if (isRecord(c) && typeof c[key] === type) return c[key] as T;
    }
    return null;
  };
  const planObject = isRecord(body) && isRecord(body['plan']) ? body['plan'] : undefined;
  const planName =
    pick<string>('plan', 'string') ??
    (typeof planObject?.['name'] === 'string' ? planObject['name'] : null);
  return {
    plan: planName,
    history_window_days: pick<number>('history_window_days', 'number'),
    history_floor: pick<string>('history_floor', 'string'),
    source_cap: pick<number>('source_cap', 'number'),
  };
}

export function renderStatus(r: StatusReport, p: Palette): string {
  const shown = (value: string | number | null): string =>
    value === null ? p.dim(NULL_TEXT) : visible(String(value));
  const from = (source: string | null): string => (source ? p.dim(`  (from ${source})`) : '');
  const lines: [string, string][] = [];
  if (r.profile)
    lines.push(['Settings', `profile ${visible(r.profile.name)}${from(r.profile.source)}`]);
  lines.push(
    [
      'API',
      r.base_url.value === null
        ? p.red('not set')
        : visible(r.base_url.value) + from(r.base_url.source),
    ],
    [
      'API key',
      r.api_key.redacted !== null
        ? r.api_key.redacted + from(r.api_key.source)
        : r.error?.code === 'key_not_profile'
          ? p.red("not the profile's own") + from(r.api_key.source)
          : p.red('not set'),
    ],
  );
  if (r.ok) {
    // "API profile": the API's /profile answered; not --profile, the settings' name (above).
    lines.push(['API profile', `${p.green('✓')} reached in ${r.response_ms ?? '?'} ms`]);
    lines.push(['Plan', shown(r.plan)]);
    lines.push([
      'Window',
      r.history_window_days === null ? shown(null) : `${r.history_window_days} days`,
    ]);
    lines.push(['History floor', shown(r.history_floor)]);
    lines.push(['Source cap', shown(r.source_cap)]);
  } else if (r.error) {
    lines.push(['API profile', `${p.red('✗')} ${failure(r.error.code, r.profile?.name)}`]);
  }
  const width = Math.max(...lines.map(([k]) => k.length));
  return `${p.bold('healthdata status')}\n${lines.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')}\n`;
}

function failure(code: string, profile: string | undefined): string {
  // Nothing was sent: the error line below names the profiles there are.
  if (code === 'unknown_profile' && profile !== undefined) {
    return `not tried: there is no profile '${visible(profile)}'`;
  }
  if (code === 'bad_profile' || code === 'unknown_profile') return 'not tried';
  if (code === 'http_401') return 'the key was rejected (401)';
  if (code.startsWith('http_')) return `the API answered ${code.slice(5)}`;
  if (code === 'no_base_url' || code === 'no_api_key' || code === 'bad_api_key') return 'not tried';
  if (code === 'key_not_profile') return "not tried: the API key is not this profile's";
  if (code === 'timeout') return 'the API did not answer in time (--timeout)';
  return 'the API could not be reached';
}
