// Small helpers of the page script: elements built with textContent only (server strings are
// never parsed as markup), numbers and dates for reading, definition lists and tables.

/** @param {import('./hd.js').Hd} hd */
export function basePart(hd) {
  const DAY = 86400;
  const first = Date.parse(hd.model.range.from + 'T00:00:00Z') / 1000;

  hd.el = function (tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  };

  hd.num = function (x) {
    return x === null || x === undefined ? '—' : hd.number(x);
  };

  hd.seconds = function (i) {
    return first + i * DAY;
  };

  hd.day = function (i) {
    return new Date(hd.seconds(i) * 1000).toISOString().slice(0, 10);
  };

  hd.unitOf = function (unit) {
    return unit ? ' ' + unit : '';
  };

  hd.facts = function (pairs) {
    const list = hd.el('dl', null, 'facts');
    for (const [label, shown, raw] of pairs) {
      const item = hd.el('div');
      item.append(hd.el('dt', label));
      const value = hd.el('dd', shown);
      // The raw number, for whoever reads the page with a program (the tests do).
      if (raw !== undefined && raw !== null) value.dataset['value'] = String(raw);
      item.append(value);
      list.append(item);
    }
    return list;
  };

  hd.table = function (caption, head, rows) {
    const table = hd.el('table');
    table.append(hd.el('caption', caption));
    const headRow = hd.el('tr');
    for (const h of head) {
      const th = hd.el('th', h);
      th.scope = 'col';
      headRow.append(th);
    }
    const thead = hd.el('thead');
    thead.append(headRow);
    table.append(thead);
    const body = hd.el('tbody');
    for (const row of rows) {
      const tr = hd.el('tr');
      row.forEach((cell, i) => {
        const td = hd.el(
          i === 0 ? 'th' : 'td',
          typeof cell === 'number' ? hd.num(cell) : (cell ?? '—'),
        );
        if (i === 0) /** @type {HTMLTableCellElement} */ (td).scope = 'row';
        if (typeof cell === 'number') td.dataset['value'] = String(cell);
        if (i > 0 && (typeof cell === 'number' || cell === null)) td.className = 'n';
        tr.append(td);
      });
      body.append(tr);
    }
    table.append(body);
    return table;
  };
}
