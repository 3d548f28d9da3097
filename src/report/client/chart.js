// uPlot glue: one chart per numeric line. The series are the report's numbers as they are:
// the usual range (a band between its two edges), the baseline median, the weekly or monthly
// means (a step), the daily values, and the flagged days as points. Every daily value has a
// point of its own where no line shows it (see pointsAt). No legend row: on a static or
// printed page it is a row of dashes. The line under the chart reads the day out instead: the
// latest day, or the one under the pointer; the arrow keys move it and say it aloud.

/** @param {import('./hd.js').Hd} hd */
export function chartPart(hd) {
  const m = hd.model;
  const U = hd.uPlot;
  const xs = m.range.days > 0 ? Array.from({ length: m.range.days }, (_, i) => hd.seconds(i)) : [];
  const colour = (/** @type {string} */ name) =>
    getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  hd.charts = [];

  hd.chart = function (box, s) {
    const c = {
      value: colour('--c-value'),
      mean: colour('--c-mean'),
      base: colour('--c-base'),
      band: colour('--c-band'),
      edge: colour('--c-band-edge'),
      flag: colour('--c-flag'),
      axis: colour('--c-text'),
      grid: colour('--c-grid'),
    };
    const unit = hd.unitOf(s.unit);
    /** @type {(number | null)[]} */
    const flagged = s.values.map(() => null);
    for (const a of s.anomalies) {
      flagged[Math.round((Date.parse(a.date + 'T00:00:00Z') / 1000 - hd.seconds(0)) / 86400)] =
        a.value;
    }
    /** @param {uPlot} _u @param {number | null} v */
    const fmt = (_u, v) => (v === null || v === undefined ? '—' : hd.num(v) + unit);
    const width = Math.max(240, Math.floor(box.clientWidth));
    const axis = {
      stroke: c.axis,
      grid: { stroke: c.grid, width: 1 },
      ticks: { stroke: c.grid, width: 1 },
    };
    const noPoints = { show: false };
    const readout = box.parentElement ? box.parentElement.querySelector('.readout') : null;
    const fromEnd = [...s.values].reverse().findIndex((v) => v !== null);
    const latest = s.values.length - 1 - Math.max(0, fromEnd);
    /** @param {uPlot} u */
    const read = (u) => {
      const i = u.cursor.idx;
      if (readout) readout.textContent = say(s, i === null || i === undefined ? latest : i);
    };
    /** @type {uPlot.Options} */
    const opts = {
      width,
      height: width < 500 ? 200 : 260,
      // Calendar days: drawn at UTC midnight, read in UTC, so no time zone moves a day.
      tzDate: (ts) => U.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false }, focus: { prox: 24 } },
      legend: { show: false },
      hooks: { ready: [read], setCursor: [read] },
      scales: { x: { time: true } },
      axes: [axis, { ...axis, size: 56, values: (_u, ticks) => ticks.map((t) => hd.num(t)) }],
      series: [
        {
          label: 'Day',
          value: (_u, v) => (v === null ? '—' : new Date(v * 1000).toISOString().slice(0, 10)),
        },
        {
          label: 'usual up to',
          stroke: c.edge,
          width: 1,
          value: fmt,
          points: noPoints,
          class: 'edge',
        },
        {
          label: 'usual from',
          stroke: c.edge,
          width: 1,
          value: fmt,
          points: noPoints,
          class: 'edge',
        },
        {
          label: 'baseline median',
          stroke: c.base,
          width: 1,
          dash: [4, 4],
          value: fmt,
          points: noPoints,
        },
        {
          label: m.periodUnit === 'week' ? 'weekly mean' : 'monthly mean',
          stroke: c.mean,
          width: 2,
          value: fmt,
          points: noPoints,
          ...(U.paths.stepped ? { paths: U.paths.stepped({ align: 1 }) } : {}),
        },
        {
          label: s.metric,
          stroke: c.value,
          width: 1.5,
          value: fmt,
          spanGaps: s.sparse,
          points: { show: false, size: 4, width: 1, filter: () => pointsAt(s) },
        },
        {
          label: 'flagged',
          stroke: c.flag,
          width: 0,
          value: fmt,
          paths: () => null,
          points: { show: true, size: 10, width: 2, stroke: c.flag, fill: c.flag },
        },
      ],
      bands: [{ series: [1, 2], fill: c.band }],
    };
    return new U(opts, [xs, s.high, s.low, s.median, s.periodMean, s.values, flagged], box);
  };

  /**
   * The days that get a point: every day with a value on a sparse line (joined across its
   * gaps, the points are the measurements) or over a range of up to 120 days; on a long dense
   * line, each day no line reaches (no value the day before or after), which would be lost.
   * @param {import('../types.ts').NumericSeriesModel} s
   */
  const pointsAt = (s) => {
    const every = s.sparse || m.range.days <= 120;
    /** @type {number[]} */
    const at = [];
    const has = (/** @type {number} */ i) => s.values[i] !== null && s.values[i] !== undefined;
    s.values.forEach((_, i) => {
      if (has(i) && (every || (!has(i - 1) && !has(i + 1)))) at.push(i);
    });
    return at;
  };

  /** What the cursor is on, in words: the line under the chart, and the live region. */
  const say = (
    /** @type {import('../types.ts').NumericSeriesModel} */ s,
    /** @type {number} */ i,
  ) => {
    const unit = hd.unitOf(s.unit);
    const v = s.values[i];
    let text = hd.day(i) + ': ' + (v === null || v === undefined ? 'no data' : hd.num(v) + unit);
    const low = s.low[i];
    const high = s.high[i];
    if (low !== null && low !== undefined && high !== null && high !== undefined) {
      text += ', usual ' + hd.num(low) + ' to ' + hd.num(high);
    }
    const a = s.anomalies.find((x) => x.date === hd.day(i));
    if (a) text += ', flagged ' + a.direction + ' (robust z ' + hd.num(a.z) + ')';
    return text;
  };

  /** @param {HTMLElement} box @param {import('../types.ts').NumericSeriesModel} s @param {HTMLElement} live */
  hd.keyboard = function (box, s, live) {
    let idx = s.values.length - 1;
    box.addEventListener('keydown', (e) => {
      const steps = { ArrowLeft: -1, ArrowRight: 1, PageUp: -7, PageDown: 7 };
      const entry = hd.charts.find((x) => x.box === box);
      if (!entry || !entry.plot) return;
      if (e.key in steps) idx += steps[/** @type {keyof typeof steps} */ (e.key)];
      else if (e.key === 'Home') idx = 0;
      else if (e.key === 'End') idx = s.values.length - 1;
      else return;
      e.preventDefault();
      idx = Math.max(0, Math.min(s.values.length - 1, idx));
      const plot = entry.plot;
      const v = s.values[idx];
      const top = v === null || v === undefined ? 0 : plot.valToPos(v, 'y');
      plot.setCursor({ left: plot.valToPos(xs[idx] ?? 0, 'x'), top });
      live.textContent = say(s, idx);
    });
  };

  hd.drawCharts = function () {
    for (const entry of hd.charts) {
      if (entry.plot) entry.plot.destroy();
      entry.box.textContent = '';
      entry.plot = hd.chart(entry.box, entry.s);
    }
  };

  // A chart follows its box's width: a phone turned sideways, a window made narrower.
  if (typeof ResizeObserver === 'function') {
    hd.resize = new ResizeObserver((records) => {
      for (const r of records) {
        const entry = hd.charts.find((x) => x.box === r.target);
        const width = Math.max(240, Math.floor(r.contentRect.width));
        if (entry && entry.plot && Math.abs(entry.plot.width - width) > 1) {
          entry.plot.setSize({ width, height: width < 500 ? 200 : 260 });
        }
      }
    });
  }
}
