// The top of the page: what range it covers and why (the plan's window, a clamped --from, a
// partial today), where the data came from, the rule behind the numbers, and one overview
// line per metric and provider with summary's numbers, each linking to its chart.

/** @param {import('./hd.js').Hd} hd */
export function headerPart(hd) {
  const m = hd.model;

  hd.header = function (root) {
    root.append(
      hd.el('p', m.range.from + ' to ' + m.range.to + ' · ' + m.range.days + ' days', 'range'),
    );
    const source =
      m.source.kind === 'db'
        ? 'SQLite file ' +
          m.source.file +
          (m.source.lastSync ? ', last synced ' + m.source.lastSync : '')
        : m.source.demo
          ? 'the built-in demo sandbox (synthetic data)'
          : 'the Personal Health Data Read API';
    /** @type {[string, string][]} */
    const facts = [['Made', m.made + ' by healthdata ' + m.version]];
    // Named only where the run knows it (title.ts): a file or a key without a name names no one.
    if (m.who !== null) facts.push(['Whose data', m.who]);
    facts.push(['Data from', source]);
    if (m.meta) {
      const history = [
        m.meta.historyWindowDays === null ? '' : m.meta.historyWindowDays + ' days',
        m.meta.historyFloor === null ? '' : 'from ' + m.meta.historyFloor,
      ].filter(Boolean);
      facts.push([
        'Plan',
        m.meta.plan +
          ' · history: ' +
          (history.join(', ') || 'not stated') +
          ' · source cap: ' +
          (m.meta.sourceCap === null ? 'not stated' : String(m.meta.sourceCap)),
      ]);
    }
    root.append(hd.facts(facts));
    if (m.clamp) {
      const note = 'You asked from ' + m.clamp.asked + '; the history of your ' + m.clamp.plan;
      root.append(
        hd.el(
          'p',
          note + ' plan starts on ' + m.clamp.floor + ', so the report starts there.',
          'note clamp',
        ),
      );
    }
    if (m.today) {
      root.append(hd.el('p', m.today + ' is today: its data may still be partial.', 'note today'));
    }
    root.append(
      hd.el(
        'p',
        'Each daily value is the one healthdata summary computes: the single row, a _total ' +
          'twin’s de-duplicated total, or the mean of several rows a day — never their sum. ' +
          'The shaded band is the usual range: the median of the ' +
          m.rule.window +
          ' days before each day (at least ' +
          m.rule.minDays +
          ' of them with data) ± the spread at which the robust z reaches ' +
          m.rule.threshold +
          ', kept inside the values a line can take (never below 0 where no value is, nor ' +
          'past 100 for a percentage). Days outside it are flagged, as healthdata anomalies ' +
          'flags them.',
        'rule',
      ),
    );
  };

  /**
   * The contents: a link to each metric's section and to each of its cards, so a long page
   * (a card per metric and provider) is one click from any of them. Hrefs are the report's
   * own ids (m0, s3, t0), never server text.
   * @param {HTMLElement} root
   * @param {{ id: string, metric: string, cards: { id: string, provider: string }[] }[]} metrics
   */
  hd.contents = function (root, metrics) {
    if (metrics.length === 0) return;
    const nav = hd.el('nav', null, 'toc');
    nav.setAttribute('aria-labelledby', 'toc-title');
    const title = hd.el('h2', 'Contents');
    title.id = 'toc-title';
    const list = hd.el('ul');
    for (const metric of metrics) {
      const item = hd.el('li');
      const link = hd.el('a', metric.metric);
      link.href = '#' + metric.id;
      item.append(link);
      if (metric.cards.length > 1) {
        const providers = hd.el('span', null, 'toc-providers');
        for (const card of metric.cards) {
          const to = hd.el('a', card.provider);
          to.href = '#' + card.id;
          providers.append(' · ', to);
        }
        item.append(providers);
      }
      list.append(item);
    }
    nav.append(title, list);
    root.append(nav);
  };

  hd.overview = function (root) {
    const section = hd.el('section');
    section.setAttribute('aria-labelledby', 'overview-title');
    const title = hd.el('h2', 'Summary');
    title.id = 'overview-title';
    section.append(title);
    const head = ['Metric', 'Provider', 'Days', 'Mean', 'Min', 'Max', 'Latest', 'Unit', 'Flagged'];
    /** @type {(string | number | null)[][]} */
    const rows = [];
    /** @type {string[]} */
    const ids = [];
    const lines = [...m.series, ...m.texts].sort((a, b) =>
      a.metric === b.metric ? (a.provider < b.provider ? -1 : 1) : a.metric < b.metric ? -1 : 1,
    );
    for (const s of lines) {
      const n = s.summary;
      const flagged = 'anomalies' in s ? s.anomalies.length : null;
      rows.push([
        s.metric,
        s.provider,
        n.days,
        n.mean,
        n.min,
        n.max,
        n.latest,
        s.unit ?? '',
        flagged,
      ]);
      ids.push(s.id);
    }
    const table = hd.table(
      'One line per metric and provider, as healthdata summary gives it',
      head,
      rows,
    );
    table.id = 'overview';
    // On a phone each line is stacked, each number under its column's name (style.ts).
    table.querySelectorAll('tbody tr').forEach((row) => {
      Array.from(row.children).forEach((cell, i) => {
        /** @type {HTMLElement} */ (cell).dataset['label'] = head[i] ?? '';
      });
    });
    // The metric cell links to its card; the id is the report's own (s3), never a server string.
    table.querySelectorAll('tbody tr').forEach((row, i) => {
      const tr = /** @type {HTMLElement} */ (row);
      const cell = tr.firstElementChild;
      if (!cell) return;
      const link = hd.el('a', cell.textContent);
      link.href = '#' + ids[i];
      cell.textContent = '';
      cell.append(link);
      tr.dataset['series'] = ids[i];
    });
    const wrap = hd.el('div', null, 'scroll');
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', 'Summary table, scrolls sideways');
    wrap.append(table);
    section.append(wrap);
    if (lines.length === 0) section.append(hd.el('p', 'No data in this range.', 'note'));
    if (m.empty.length > 0) {
      const names = m.empty.map((e) => e.metric).join(', ');
      section.append(hd.el('p', 'No data in the range: ' + names + '.', 'note'));
    }
    root.append(section);
  };
}
