// `catalog`, `sources`, `profile`: one GET each, rendered whatever shape the body has.
import { toMeta } from '../../api/client.ts';
import { isRecord } from '../../api/status.ts';
import { pipedDocumentFormat, writeRecords } from '../../output/records.ts';
import { terminalView } from '../terminal.ts';
import type { Context } from '../context.ts';
import { createNotices, describeMeta } from '../notices.ts';
import type { ConnectionFlags, OutputFlags } from '../options.ts';
import { openSession } from '../session.ts';
import { openTarget } from './output.ts';

export type RecordsFlags = ConnectionFlags & OutputFlags;

const TITLES = { catalog: 'Catalog', sources: 'Sources', profile: 'Profile' } as const;

export async function runRecords(
  endpoint: 'catalog' | 'sources' | 'profile',
  flags: RecordsFlags,
  ctx: Context,
): Promise<void> {
  const notices = createNotices(ctx.stderr, {
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    interactive: ctx.stderrIsTTY,
    palette: terminalView(ctx).err,
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
    const target = await openTarget(flags, ctx, pipedDocumentFormat(body));
    const terminal = terminalView(ctx, flags.output !== undefined);
    try {
      await writeRecords(body, text, target.destination, {
        format: target.format,
        header: flags.header,
        view: {
          title: TITLES[endpoint],
          columns: terminal.columns,
          palette: terminal.out,
          ...(meta ? { hide: ['meta'] } : {}),
        },
        prettyJson: ctx.stdoutIsTTY && flags.output === undefined,
      });
      if (flags.output !== undefined) notices.info(`wrote ${endpoint} to ${flags.output}`);
    } catch (error) {
      await target.file?.discard();
      throw error;
    } finally {
      await target.pager?.close();
    }
  } finally {
    await session.close();
  }
}
