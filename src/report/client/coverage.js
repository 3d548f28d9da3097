// Which days each source reported: per provider, a calendar strip (a column per week, Monday
// on top) with a cell per day, shaded by how many of its metrics have data; empty cells are
// gaps, and today is outlined (partial until the day ends). The gaps are listed in words too.

/** @param {import('./hd.js').Hd} hd */
export function coveragePart(hd) {
  const m = hd.model;

  hd.coverage = function (root) {
    const section = hd.el('section', null, 'coverage');
    section.setAttribute('aria-labelledby', 'coverage-title');
    const title = hd.el('h2', 'Data coverage');
    title.id = 'coverage-title';
    section.append(title);
    section.append(
      hd.el(
        'p',
        'One cell per day, a column per week (Monday on top). The stronger the colour, the ' +
          'more of the source’s metrics reported that day; an empty outline: nothing at all.' +
          (m.today ? ' Today, which may still be partial, is outlined in red.' : ''),
      ),
    );
    // Monday = 0; the first column starts on the Monday of the first day's week.
    const offset = (new Date(hd.seconds(0) * 1000).getUTCDay() + 6) % 7;
    m.coverage.forEach((c, k) => {
      const row = hd.el('div', null, 'provider');
      const label = hd.el('h3', c.provider);
      label.id = 'cov' + k;
      row.append(label);
      const words =
        c.daysWithData +
        ' of ' +
        m.range.days +
        ' days with data from ' +
        c.metrics +
        (c.metrics === 1 ? ' metric' : ' metrics') +
        '; ' +
        c.gaps.length +
        (c.gaps.length === 1 ? ' gap' : ' gaps');
      row.append(hd.el('p', words, 'cov-words'));
      const strip = hd.el('div', null, 'strip');
      strip.setAttribute('role', 'img');
      strip.setAttribute('aria-label', c.provider + ': ' + words);
      for (let i = 0; i < offset; i++) strip.append(hd.el('span', null, 'pad'));
      c.metricsPerDay.forEach((n, i) => {
        const level = n === 0 ? 0 : n >= c.metrics ? 3 : n * 2 >= c.metrics ? 2 : 1;
        const cell = hd.el('span', null, 'd l' + level + (hd.day(i) === m.today ? ' today' : ''));
        cell.title = hd.day(i) + ': ' + (n === 0 ? 'no data' : n + ' of ' + c.metrics + ' metrics');
        strip.append(cell);
      });
      // A column per week: as many columns as weeks, set through the CSSOM (CSP allows it).
      const weeks = Math.ceil((offset + m.range.days) / 7);
      strip.style.gridTemplateColumns = 'repeat(' + weeks + ', minmax(3px, 0.8rem))';
      row.append(strip);
      if (c.gaps.length > 0) {
        const details = hd.el('details');
        details.append(hd.el('summary', 'Days without data from ' + c.provider));
        const rows = c.gaps.map((g) => [g.from, g.to, g.days]);
        details.append(hd.table('Gaps in ' + c.provider + '’s data', ['From', 'To', 'Days'], rows));
        row.append(details);
      }
      section.append(row);
    });
    root.append(section);
  };
}
