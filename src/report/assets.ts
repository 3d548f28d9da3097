// uPlot's own files, read at run time from the installed package (a runtime dependency in
// package.json) and inlined into the page: the report loads nothing over the network. Read only
// when a report is written, so no other command pays for them.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface ChartAssets {
  script: string;
  style: string;
}

export async function loadChartAssets(): Promise<ChartAssets> {
  // Resolved from this module: from src/ in development, from dist/chunks/ when bundled; both
  // find node_modules/uplot above them, as npm installs it beside healthdata.
  const require = createRequire(import.meta.url);
  const [script, style] = await Promise.all([
    readFile(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
    readFile(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
  ]);
  return { script, style };
}
