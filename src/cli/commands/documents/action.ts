// `catalog`, `sources`, `profile`: one GET each for a free-form JSON document, rendered in the
// chosen format whatever shape the body has.
import { toMeta } from '../../../api/pagination/page-body.ts';
import { isRecord } from '../../../lib/json.ts';
import { isFormat, preloadFormat, writeDocument } from '../../../output/formats/index.ts';
import type { Context } from '../../context.ts';
import { describeMeta } from '../../notices.ts';
import { commandNotices } from '../../command-notices.ts';
import type { ConnectionFlags, OutputFlags } from '../../flags.ts';
import { connectClient } from '../../connect-client.ts';
import { openTarget } from '../../output-target.ts';
import { terminalView } from '../../terminal.ts';
import { pipedDocumentFormat } from '../../../output/documents.ts';

export type DocumentsFlags = ConnectionFlags & OutputFlags;

export type DocumentEndpoint = 'catalog' | 'sources' | 'profile';

const TITLES = { catalog: 'Catalog', sources: 'Sources', profile: 'Profile' } as const;

export async function runDocuments(
  endpoint: DocumentEndpoint,
  flags: DocumentsFlags,
  ctx: Context,
): Promise<void> {
  const notices = commandNotices(flags, ctx, terminalView(ctx).err);
  const api = await connectClient(flags, ctx, notices, 1);
  // An asked-for format does not depend on the body: load it while the request is out.
  if (flags.format !== undefined && isFormat(flags.format)) preloadFormat(flags.format);
  try {
    const { body, text } = await api.client.getJson(`api/v1/${endpoint}`, undefined, ctx.signal);
    const meta = isRecord(body) ? toMeta(body['meta']) : undefined;
    if (meta) notices.verbose(describeMeta(meta));
    const target = await openTarget(flags, ctx, notices, pipedDocumentFormat(body));
    const terminal = terminalView(ctx, flags.output !== undefined);
    try {
      await writeDocument(target.format, { body, text }, target.destination, {
        header: flags.header,
        ...(meta ? { hideKeys: ['meta'] } : {}),
        title: TITLES[endpoint],
        columns: terminal.columns,
        palette: terminal.out,
        pretty: ctx.stdoutIsTTY && flags.output === undefined,
      });
      if (flags.output !== undefined && flags.output !== '-') {
        notices.info(`wrote ${endpoint} to ${flags.output}`);
      }
    } catch (error) {
      await target.abandon();
      throw error;
    } finally {
      await target.pager?.close();
    }
  } finally {
    await api.close();
  }
}
