// One card per metric and provider: summary's numbers, the chart with its text alternative,
// the flagged days in words, and the data behind the chart as tables (built when opened, so
// a year of data does not slow the page down until someone asks for it).

/** @param {import('./hd.js').Hd} hd */
export function cardsPart(hd) {
  const m = hd.model;

  /** @param {{ id: string, metric: string, provider: string, summary: import('../types.ts').SummaryNumbers }} s */
  const card = (s) => {
    const article = hd.el('article', null, 'card');
    article.id = s.id;
    article.setAttribute('aria-labelledby', s.id + '-title');
    const title = hd.el('h3');
    title.id = s.id + '-title';
    title.append(hd.el('span', s.metric, 'metric'), hd.el('span', ' · ' + s.provider, 'provider'));
    article.append(title);
    if (s.summary.note) article.append(hd.el('p', s.summary.note, 'line-note'));
    return article;
  };

  /** @param {string} label @param {() => HTMLElement} build */
  const lazy = (label, build) => {
    const details = hd.el('details');
    details.append(hd.el('summary', label));
    details.addEventListener('toggle', () => {
      if (!details.open || details.childElementCount > 1) return;
      // A wide table scrolls sideways on a phone, and takes the focus to be scrolled by keys.
      const wrap = hd.el('div', null, 'scroll');
      wrap.tabIndex = 0;
      wrap.setAttribute('role', 'region');
      wrap.setAttribute('aria-label', label);
      wrap.append(build());
      details.append(wrap);
    });
    return details;
  };

  hd.numericCard = function (s) {
    const article = card(s);
    const n = s.summary;
    const unit = hd.unitOf(s.unit);
    article.append(
      hd.facts([
        ['Days', n.days + ' (' + n.first + ' to ' + n.last + ')', n.days],
        ['Mean', hd.num(n.mean) + unit, n.mean],
        ['Median', hd.num(n.median) + (n.median === null ? '' : unit), n.median],
        ['Min', hd.num(n.min) + unit, n.min],
        ['Max', hd.num(n.max) + unit, n.max],
        [
          'Latest',
          hd.num(typeof n.latest === 'number' ? n.latest : null) + unit + ' on ' + n.last,
          n.latest,
        ],
      ]),
    );
    const figure = hd.el('figure');
    const box = hd.el('div', null, 'chart');
    box.tabIndex = 0;
    box.setAttribute(
      'aria-label',
      'Chart of ' + s.metric + ' from ' + s.provider + '; the arrow keys read it day by day',
    );
    box.setAttribute('aria-describedby', s.id + '-alt');
    const caption = hd.el('figcaption', s.alt);
    caption.id = s.id + '-alt';
    // What the pointer or the keyboard is on, for the eye; the live region says it aloud.
    const readout = hd.el('p', null, 'readout');
    readout.setAttribute('aria-hidden', 'true');
    const live = hd.el('p', null, 'live');
    live.setAttribute('aria-live', 'polite');
    figure.append(box, readout, caption, live);
    article.append(figure);
    hd.charts.push({ box, s, plot: null });
    hd.keyboard(box, s, live);
    if (hd.resize) hd.resize.observe(box);

    if (s.anomalies.length > 0) {
      // A few flagged days are shown; many are one click away, so a phone need not scroll past them.
      const flags = hd.el('details', null, 'flags');
      flags.open = s.anomalies.length <= 5;
      const count = s.anomalies.length + (s.anomalies.length === 1 ? ' day' : ' days');
      flags.append(hd.el('summary', 'Flagged: ' + count + ', newest first'));
      const list = hd.el('ul');
      for (const a of [...s.anomalies].reverse()) {
        const words =
          a.date +
          ': ' +
          hd.num(a.value) +
          unit +
          ', ' +
          a.direction +
          ' (baseline ' +
          hd.num(a.median) +
          ', robust z ' +
          hd.num(a.z) +
          ')';
        list.append(hd.el('li', words));
      }
      flags.append(list);
      article.append(flags);
    }
    article.append(
      lazy('Data table: ' + s.metric + ' · ' + s.provider, () => {
        /** @type {(string | number | null)[][]} */
        const rows = [];
        s.values.forEach((v, i) => {
          if (v === null) return;
          const a = s.anomalies.find((x) => x.date === hd.day(i));
          rows.push([
            hd.day(i),
            v,
            s.median[i] ?? null,
            s.low[i] ?? null,
            s.high[i] ?? null,
            s.z[i] ?? null,
            a ? a.direction : '',
          ]);
        });
        const head = [
          'Date',
          'Value' + unit,
          'Baseline median',
          'Usual from',
          'Usual up to',
          'Robust z',
          'Flagged',
        ];
        return hd.table('Daily values of ' + s.metric + ' from ' + s.provider, head, rows);
      }),
      lazy((m.periodUnit === 'week' ? 'Weekly' : 'Monthly') + ' means', () => {
        const rows = s.periods.map((p) => [
          p.period,
          p.days,
          p.mean,
          p.min,
          p.max,
          p.partial ? 'partial' : '',
        ]);
        const head = [
          m.periodUnit === 'week' ? 'Week of' : 'Month',
          'Days',
          'Mean',
          'Min',
          'Max',
          'Partial',
        ];
        return hd.table('As healthdata summary --by ' + m.periodUnit + ' gives them', head, rows);
      }),
    );
    return article;
  };

  hd.textCard = function (s) {
    const article = card(s);
    const n = s.summary;
    article.append(
      hd.facts([
        ['Days', n.days + ' (' + n.first + ' to ' + n.last + ')', n.days],
        ['Latest', String(n.latest) + ' on ' + n.last, n.latest],
        ['Different values', String(s.counts.length), s.counts.length],
      ]),
    );
    // One list of the values, from one source (s.counts): a "most frequent" line cut at five
    // beside bars of every value disagreed with them.
    const top = s.counts[0] ? s.counts[0].count : 1;
    article.append(
      hd.el('p', 'Every value, most frequent first, with how often it came:', 'counts-title'),
    );
    const list = hd.el('ul', null, 'counts');
    list.setAttribute('aria-label', s.alt);
    for (const c of s.counts) {
      const item = hd.el('li');
      const bar = hd.el('span', null, 'bar');
      bar.style.width = Math.max(2, (100 * c.count) / top) + '%';
      item.append(hd.el('span', c.value, 'value'), hd.el('span', String(c.count), 'count'), bar);
      list.append(item);
    }
    article.append(list);
    article.append(
      lazy('Data table: ' + s.metric + ' · ' + s.provider, () =>
        hd.table(
          'Values of ' + s.metric + ' from ' + s.provider + ' by day',
          ['Date', 'Values'],
          s.daily.map((d) => [d.date, d.values.join('; ')]),
        ),
      ),
    );
    return article;
  };
}
