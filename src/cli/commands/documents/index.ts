import type { Command } from 'commander';
import type { Context } from '../../context.ts';
import { addConnectionOptions, addOutputOptions } from '../../flags.ts';
import type { DocumentsFlags } from './action.ts';

// Three commands with one shape: each GETs one free-form JSON document.
const ENDPOINTS = {
  catalog: 'the distinct metrics and providers within your plan window',
  sources: 'your connected sources',
  profile: 'your profile and plan window',
} as const;

export function registerDocuments(program: Command, ctx: Context): void {
  for (const [name, description] of Object.entries(ENDPOINTS)) {
    const command = program.command(name).description(`show ${description}`);
    addOutputOptions(command);
    addConnectionOptions(command);
    command.action(async (flags: DocumentsFlags) => {
      const { runDocuments } = await import('./action.ts');
      await runDocuments(name as keyof typeof ENDPOINTS, flags, ctx);
    });
  }
}
