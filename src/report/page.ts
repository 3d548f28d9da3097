// The report as one self-contained HTML file: uPlot and the page's script inlined, the data as
// JSON in a script element the browser never runs, and a Content-Security-Policy that lets
// nothing load and nothing run but those inline blocks. The markup below holds one server
// string, the display name in the title, HTML-escaped; everything else from the data is put
// into the page by its script, as text.
import { isValidDate } from '../lib/dates.ts';
import type { ChartAssets } from './assets.ts';
import { basePart } from './client/base.js';
import { reportNumberText } from './number-text.ts';
import { bootPart } from './client/boot.js';
import { cardsPart } from './client/cards.js';
import { chartPart } from './client/chart.js';
import { coveragePart } from './client/coverage.js';
import { headerPart } from './client/header.js';
import { contentSecurityPolicy } from './csp.ts';
import { jsonForScript } from './embed.ts';
import { REPORT_CSS } from './style.ts';
import { headingOf, titleOf } from './title.ts';
import type { ReportModel } from './types.ts';

/** In the order they run: a part may use what the parts before it added to `hd`. */
const PARTS = [basePart, headerPart, coveragePart, chartPart, cardsPart, bootPart];

/**
 * The page's own script: each part's source (as the bundle or the test runner compiled it:
 * the functions refer to nothing outside themselves), called with the namespace in turn.
 */
function pageScript(): string {
  const calls = PARTS.map((part) => `(${part.toString()})(hd);`).join('\n');
  return [
    '"use strict";',
    '(function () {',
    'var data = document.getElementById("report-data");',
    'if (!data || typeof uPlot !== "function") return;',
    `var hd = { model: JSON.parse(data.textContent), uPlot: uPlot, number: (${reportNumberText.toString()})() };`,
    calls,
    '})();',
  ].join('\n');
}

export function renderPage(model: ReportModel, assets: ChartAssets): string {
  const { from, to } = model.range;
  // The only data in the markup: two dates, checked to be dates, and whose data it is (the
  // title), escaped for HTML after title.ts has shown its controls and bidi marks as escapes.
  if (!isValidDate(from) || !isValidDate(to)) throw new Error(`bad report range ${from}..${to}`);
  const scripts = [inline(assets.script, 'script'), inline(pageScript(), 'script')];
  const style = inline(`${assets.style}\n${REPORT_CSS}`, 'style');
  const csp = contentSecurityPolicy(scripts, [style]);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(titleOf(model))}</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
<header id="top"><h1><bdi>${escapeHtml(headingOf(model))}</bdi></h1></header>
<noscript><p>This report draws its tables and charts with JavaScript, which is off here. Its
data is in this file as JSON, in the script element with the id report-data.</p></noscript>
<main id="main"></main>
<footer><p>Made with healthdata. This file loads nothing from the network: its charts are drawn
with uPlot (MIT licence), inlined.</p></footer>
<script type="application/json" id="report-data">${jsonForScript(model)}</script>
<script>${scripts[0]}</script>
<script>${scripts[1]}</script>
</body>
</html>
`;
}

/**
 * Inline text must not end its own element early: the HTML parser ends a script or style at
 * `</script` or `</style` whatever comes before (and `<!--` changes how a script is read).
 * Our own text never holds them; a future uPlot that did would be refused here, not mangled.
 */
function inline(text: string, tag: 'script' | 'style'): string {
  const lower = text.toLowerCase();
  if (lower.includes(`</${tag}`) || (tag === 'script' && lower.includes('<!--'))) {
    throw new Error(`inline ${tag} holds </${tag} or <!--`);
  }
  return text;
}

/** Text for an element's content or an attribute: the five characters HTML gives meaning to. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
