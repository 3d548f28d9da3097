import type { Command } from 'commander';
import type { Context } from '../../context.ts';
import { addConnectionOptions, addOutputOptions } from '../../flags.ts';
import type { RecordsFlags } from './action.ts';

const ENDPOINTS = {
  catalog: 'the distinct metrics and providers within your plan window',
  sources: 'your connected sources',
  profile: 'your profile and plan window',
} as const;

export function registerRecords(program: Command, ctx: Context): void {
  for (const [name, description] of Object.entries(ENDPOINTS)) {
    const command = program.command(name).description(`show ${description}`);
    addOutputOptions(command);
    addConnectionOptions(command);
    command.action(async (flags: RecordsFlags) => {
      const { runRecords } = await import('./action.ts');
      await runRecords(name as keyof typeof ENDPOINTS, flags, ctx);
    });
  }
}
