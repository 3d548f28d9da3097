import type { Command } from 'commander';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, addOutputOptions } from '../../flags.ts';
import type { DocumentsFlags } from './action.ts';

// Three commands with one shape: each GETs one free-form JSON document.
const ENDPOINTS = {
  catalog: 'the distinct metrics and providers within your plan window',
  sources: 'your connected sources',
  profile: 'your profile and plan window',
} as const;

const EXAMPLES: Record<keyof typeof ENDPOINTS, string> = {
  catalog: `  healthdata catalog --demo
  healthdata catalog -f json | jq -r '.metrics[].metric'
  healthdata catalog -o catalog.json`,
  sources: `  healthdata sources --demo
  healthdata sources -f csv > sources.csv
  healthdata sources -f json | jq '.data[] | {provider, status}'`,
  profile: `  healthdata profile --demo
  healthdata profile | jq .plan
  healthdata profile -f json -o profile.json`,
};

export function registerDocuments(program: Command, ctx: Context): void {
  for (const [name, description] of Object.entries(ENDPOINTS)) {
    const command = program.command(name).description(`show ${description}`);
    addOutputOptions(command);
    addConnectionOptions(command);
    command.addHelpText(
      'after',
      footer(
        ctx,
        `
On a terminal: titled blocks that fit its width. Piped: json, or csv for a list of records
(sources); choose with -f.

Examples:
${EXAMPLES[name as keyof typeof ENDPOINTS]}`,
      ),
    );
    command.action(async (flags: DocumentsFlags) => {
      const { runDocuments } = await import('./action.ts');
      await runDocuments(name as keyof typeof ENDPOINTS, flags, ctx);
    });
  }
}
