// The page script's start: the header, the overview, coverage, one section per metric with a
// card per provider, then the charts. They are drawn again when the colour scheme changes and
// around printing (paper gets the light colours whatever the screen shows).

/** @param {import('./hd.js').Hd} hd */
export function bootPart(hd) {
  const m = hd.model;
  const header = document.getElementById('top');
  const main = document.getElementById('main');
  if (!header || !main) return;
  hd.header(header);
  const contents = hd.el('div');
  main.append(contents);
  hd.overview(main);
  hd.coverage(main);

  /** @type {Map<string, { node: HTMLElement, id: string, metric: string, cards: { id: string, provider: string }[] }>} */
  const sections = new Map();
  const section = (/** @type {string} */ metric, /** @type {string | null} */ unit) => {
    let found = sections.get(metric);
    if (!found) {
      const node = hd.el('section', null, 'metric');
      const title = hd.el('h2', metric + (unit ? ' (' + unit + ')' : ''));
      title.id = 'm' + sections.size;
      node.setAttribute('aria-labelledby', title.id);
      node.append(title);
      found = { node, id: title.id, metric, cards: [] };
      sections.set(metric, found);
    }
    return found;
  };
  const lines = [
    ...m.series.map((s) => ({ s, card: () => hd.numericCard(s) })),
    ...m.texts.map((s) => ({ s, card: () => hd.textCard(s) })),
  ].sort((a, b) => (a.s.metric < b.s.metric ? -1 : a.s.metric > b.s.metric ? 1 : 0));
  for (const line of lines) {
    const found = section(line.s.metric, line.s.unit);
    found.node.append(line.card());
    found.cards.push({ id: line.s.id, provider: line.s.provider });
  }
  for (const s of sections.values()) main.append(s.node);
  hd.contents(contents, [...sections.values()]);

  hd.drawCharts();
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  dark.addEventListener('change', () => hd.drawCharts());
  window.addEventListener('beforeprint', () => {
    document.documentElement.classList.add('print');
    hd.drawCharts();
  });
  window.addEventListener('afterprint', () => {
    document.documentElement.classList.remove('print');
    hd.drawCharts();
  });
  document.documentElement.dataset['ready'] = 'true';
}
