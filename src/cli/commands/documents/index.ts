import type { Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
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

type Endpoint = keyof typeof ENDPOINTS;
const summaryOf = (name: Endpoint): string => `show ${ENDPOINTS[name]}`;

function registerDocument(program: Command, ctx: Context, name: Endpoint): void {
  const command = program.command(name).description(summaryOf(name));
  addOutputOptions(command, name === 'sources' ? 'csv' : 'json');
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
On a terminal: titled blocks that fit its width. Piped: ${name === 'sources' ? 'csv, one line per source' : 'json'}; choose with -f.

Examples:
${EXAMPLES[name]}`,
    ),
  );
  command.action(async (flags: DocumentsFlags) => {
    const { runDocuments } = await import('./action.ts');
    await runDocuments(name, flags, ctx);
  });
}

export const documentCommands: readonly CommandInfo[] = (Object.keys(ENDPOINTS) as Endpoint[]).map(
  (name) => ({
    name,
    summary: summaryOf(name),
    term: '[options]',
    register: (program: Command, ctx: Context) => registerDocument(program, ctx, name),
  }),
);
