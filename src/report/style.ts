// The report's own CSS (uPlot's comes beside it): readable on a phone and on paper, light or
// dark as the system is. Against the page and the cards, text has a contrast of at least 4.5:1,
// chart lines and coverage cells (a day with data, or the outline of one without) at least 3:1.
// The charts read their colours from these variables when they are drawn.
const LIGHT = `
  --c-bg: #ffffff; --c-text: #1d2125; --c-muted: #4f565d; --c-card: #f5f6f7; --c-line: #d3d8dd;
  --c-link: #1a56b8; --c-value: #1f5fbf; --c-mean: #a35200; --c-base: #59636d;
  --c-band: rgba(31, 95, 191, 0.14); --c-band-edge: rgba(31, 95, 191, 0.4); --c-flag: #c0182b;
  --c-grid: rgba(0, 0, 0, 0.1); --c-cov1: #5e93d3; --c-cov2: #2f6cbf; --c-cov3: #163f80;
  --c-cov-edge: #7b848d;`;

const DARK = `
  --c-bg: #121417; --c-text: #e6e8eb; --c-muted: #aab2ba; --c-card: #1b1f24; --c-line: #323a43;
  --c-link: #8ab4ff; --c-value: #6fa8ff; --c-mean: #ffad5c; --c-base: #a3acb5;
  --c-band: rgba(111, 168, 255, 0.17); --c-band-edge: rgba(111, 168, 255, 0.45); --c-flag: #ff6b7a;
  --c-grid: rgba(255, 255, 255, 0.1); --c-cov1: #3a6eab; --c-cov2: #5b8fd0; --c-cov3: #b5d0ff;
  --c-cov-edge: #737e8a;`;

export const REPORT_CSS = `
:root { color-scheme: light dark; ${LIGHT} }
@media screen and (prefers-color-scheme: dark) { :root:not(.print) { ${DARK} } }
html.print { color-scheme: light; }
body { margin: 0; background: var(--c-bg); color: var(--c-text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
#top, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 1rem 0 0; overflow-wrap: anywhere; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; }
h3 { font-size: 1.05rem; margin: 0 0 0.25rem; }
a { color: var(--c-link); }
a:focus-visible, .chart:focus-visible, .scroll:focus-visible, summary:focus-visible {
  outline: 3px solid var(--c-link); outline-offset: 2px; }
.range { font-size: 1.1rem; margin: 0.25rem 0; }
.facts { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; margin: 0.5rem 0; }
.facts dt { font-size: 0.8rem; color: var(--c-muted); }
.facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.note { border-left: 4px solid var(--c-mean); background: var(--c-card); padding: 0.25rem 0.75rem; }
.rule, .line-note, figcaption, .cov-words, caption { color: var(--c-muted); font-size: 0.9rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; padding-bottom: 0.25rem; }
th, td { padding: 0.2rem 0.5rem; border-bottom: 1px solid var(--c-line); text-align: left;
  vertical-align: top; white-space: nowrap; }
td.n { text-align: right; white-space: nowrap; }
.card { background: var(--c-card); border: 1px solid var(--c-line); border-radius: 0.5rem;
  padding: 0.75rem 1rem; margin: 0.75rem 0; break-inside: avoid; }
.card .provider { color: var(--c-muted); font-weight: normal; }
.metric, .card h3 { overflow-wrap: anywhere; }
figure { margin: 0.5rem 0; }
.chart { width: 100%; min-height: 200px; }
.readout { min-height: 1.5em; margin: 0.25rem 0; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
.uplot { font-family: inherit; }
.toc ul { list-style: none; padding: 0; margin: 0.25rem 0; columns: 15rem; column-gap: 1.5rem; }
.toc li { break-inside: avoid; overflow-wrap: anywhere; }
.toc-providers { color: var(--c-muted); font-size: 0.9rem; }
.counts-title { margin: 0.5rem 0 0; font-size: 0.9rem; color: var(--c-muted); }
.flags ul { margin: 0.25rem 0; padding-left: 1.25rem; }
details { margin: 0.5rem 0; }
summary { cursor: pointer; color: var(--c-link); }
details table { margin-top: 0.5rem; }
.counts { list-style: none; padding: 0; margin: 0.5rem 0; max-width: 32rem; }
.counts li { display: grid; grid-template-columns: 1fr auto; gap: 0 0.75rem; margin: 0.25rem 0; }
.counts .value { overflow-wrap: anywhere; }
.counts .bar { grid-column: 1 / -1; height: 0.4rem; background: var(--c-value); border-radius: 2px; }
.provider h3 { margin-top: 1rem; overflow-wrap: anywhere; }
.strip { display: grid; grid-template-rows: repeat(7, 0.65rem); grid-auto-flow: column; gap: 2px;
  max-width: 100%; margin: 0.25rem 0; }
.strip .d { border-radius: 2px; border: 1px solid var(--c-cov-edge); }
.strip .l1 { background: var(--c-cov1); border-color: var(--c-cov1); }
.strip .l2 { background: var(--c-cov2); border-color: var(--c-cov2); }
.strip .l3 { background: var(--c-cov3); border-color: var(--c-cov3); }
.strip .today { border: 2px solid var(--c-flag); }
footer { color: var(--c-muted); font-size: 0.85rem; padding-bottom: 2rem; }
@media (max-width: 40rem) {
  body { font-size: 15px; }
  #top, main, footer { padding: 0 0.6rem; }
  .card { padding: 0.6rem; }
  /* The summary table, nine columns, does not fit a phone: each line is a block, its metric
     on top and each number under its column's name (the header row stays for screen readers). */
  #overview, #overview tbody, #overview caption { display: block; }
  #overview thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  #overview tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.9rem;
    padding: 0.35rem 0; border-bottom: 1px solid var(--c-line); }
  #overview th, #overview td { border: 0; padding: 0; white-space: normal; text-align: left;
    overflow-wrap: anywhere; }
  #overview th[scope="row"] { font-weight: 600; }
  #overview tr::before { content: ""; order: 1; flex-basis: 100%; }
  #overview td { order: 2; }
  #overview td[data-label="Provider"] { order: 0; color: var(--c-muted); }
  #overview td:empty { display: none; }
  #overview td[data-label="Provider"]::before { content: "· "; }
  #overview td:not([data-label="Provider"])::before { content: attr(data-label) " ";
    font-size: 0.8rem; color: var(--c-muted); }
}
@media print {
  :root { color-scheme: light; ${LIGHT} }
  body { font-size: 10.5pt; }
  #top, main, footer { max-width: none; padding: 0; }
  .card { border-color: #999; }
  .chart canvas { max-width: 100% !important; height: auto !important; }
  .u-over, .u-cursor-x, .u-cursor-y, .u-cursor-pt, .live, details:not(.flags) { display: none; }
  a { color: inherit; text-decoration: none; }
}
`;
