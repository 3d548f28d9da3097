// `catalog`, `sources`, `profile`: one GET each, rendered whatever shape the body has.
import { toMeta } from '../../../api/client.ts';
import { isRecord } from '../../../lib/json.ts';
import { writeRecords } from '../../../output/documents.ts';
import type { Context } from '../../context.ts';
import { createNotices, describeMeta } from '../../notices.ts';
import type { ConnectionFlags, OutputFlags } from '../../flags.ts';
import { openSession } from '../../connect.ts';
import { openTarget } from '../../output-target.ts';

export type RecordsFlags = ConnectionFlags & OutputFlags;

export async function runRecords(
  endpoint: 'catalog' | 'sources' | 'profile',
  flags: RecordsFlags,
  ctx: Context,
): Promise<void> {
  const notices = createNotices(ctx.stderr, {
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    interactive: ctx.stderrIsTTY,
  });
  const session = await openSession(flags, ctx, notices, 1);
  try {
    const { body, text } = await session.client.getJson(
      `api/v1/${endpoint}`,
      undefined,
      ctx.signal,
    );
    const meta = isRecord(body) ? toMeta(body['meta']) : undefined;
    if (meta) notices.info(describeMeta(meta));
    const target = await openTarget(flags, ctx);
    try {
      await writeRecords(body, text, target.destination, {
        format: target.format,
        header: flags.header,
        ...(meta ? { hideKeys: ['meta'] } : {}),
      });
      if (flags.output !== undefined) notices.info(`wrote ${endpoint} to ${flags.output}`);
    } catch (error) {
      await target.file?.discard();
      throw error;
    }
  } finally {
    await session.close();
  }
}
