// view.js -- gameofdrones's drawing for the replay page (view.py inlines it): a GAME
// object with init() (builds the board once) and draw(frame, k) (draws frame k
// from its data alone, plus D.static). Helpers from view.py's page: el, esc,
// pname, tip (hover details), COLORS, D (the data), $.
const GAME = (() => {
  function init() {
    $('board').innerHTML = '<svg id="svg" width="420" height="244" viewBox="0 0 420 244"></svg>';
    $('info').innerHTML = '<div style="font-size:17px" id="outcome"></div><div id="tally"></div><table id="turns"></table><div class="small" id="end"></div>';
    $('end').textContent = D.static.end ? 'errors at the end (player 0, player 1; - = none): ' + D.static.end : '';
  }
  function fmt(x) { return x === null ? 'NaN' : Number.isInteger(x) ? String(x) : x.toFixed(2); }
  function draw(f) {
    const svg = $('svg');
    svg.innerHTML = '';
    const T = f.turns.length;
    let mx = 1;
    for (const t of f.turns) mx = Math.max(mx, t[1], t[2], t[3], t[4]);
    mx = Math.max(mx, f.after[0], f.after[1], f.after[3], f.after[4]);
    const bw = 380 / Math.max(1, T + 1);
    const pts = (p, which) => f.turns.map((t, i) => [20 + i * bw + bw / 2, 210 - 190 * t[1 + 2 * p + which] / mx]).concat([[20 + T * bw + bw / 2, 210 - 190 * f.after[3 * p + which] / mx]]);
    for (const p of [0, 1]) for (const wh of [0, 1]) {
      el('svg:polyline', {points: pts(p, wh).map((q) => q.join(',')).join(' '), fill: 'none', stroke: COLORS[p], 'stroke-width': wh ? 3 : 1.5, 'stroke-dasharray': wh ? 'none' : '4 3'}, svg);
    }
    el('svg:line', {x1: 20, y1: 210, x2: 410, y2: 210, stroke: '#999'}, svg);
    // axis values: counts on the left, turns below
    for (const v of [0, mx / 2, mx]) el('svg:text', {x: 18, y: 214 - 190 * v / mx, 'font-size': 9, 'text-anchor': 'end', class: 'yaxis'}, svg, fmt(Math.round(v * 10) / 10));
    f.turns.forEach((t, i) => { if (T <= 12 || i % Math.ceil(T / 12) === 0) el('svg:text', {x: 20 + i * bw + bw / 2, y: 221, 'font-size': 9, 'text-anchor': 'middle', class: 'xaxis'}, svg, t[0]); });
    f.turns.forEach((t, i) => tip(el('svg:rect', {x: 20 + i * bw, y: 15, width: bw, height: 195, fill: 'transparent'}, svg),
      'turn ' + t[0] + '\n' + [0, 1].map((p) => pname(p) + ': producers ' + fmt(t[1 + 2 * p]) + ', soldiers ' + fmt(t[2 + 2 * p]) +
        '; answer ' + fmt(t[5 + 3 * p]) + ' ' + fmt(t[6 + 3 * p]) + (t[7 + 3 * p] ? ' ATTACK' : '')).join('\n')));
    el('svg:text', {x: 22, y: 236, 'font-size': 11}, svg, 'solid: soldiers, dashed: producers; x: turn 1..' + T + ', then the clash');
    let rows = '<tr><th>turn</th>' + [0, 1].map((p) => '<th style="color:' + COLORS[p] + '">' + esc(pname(p)) + ' P/S</th><th>answer (new P, new S, attack)</th><th>ms</th>').join('') + '</tr>';
    f.turns.forEach((t, i) => {
      rows += '<tr id="turn-' + (i + 1) + '"><td>' + t[0] + '</td>';
      for (const p of [0, 1]) rows += '<td>' + fmt(t[1 + 2 * p]) + ' / ' + fmt(t[2 + 2 * p]) + '</td><td class="act-p' + p + '">' + fmt(t[5 + 3 * p]) + ' ' + fmt(t[6 + 3 * p]) + (t[7 + 3 * p] ? ' ATTACK' : '') + '</td><td>' + fmt(t[11 + p]) + '</td>';
      rows += '</tr>';
    });
    rows += '<tr><td>end</td>' + [0, 1].map((p) => '<td>' + fmt(f.after[3 * p]) + ' / ' + fmt(f.after[3 * p + 1]) + '</td><td>' + (f.after[3 * p + 2] ? 'attacks' : '') + '</td><td></td>').join('') + '</tr>';
    $('turns').innerHTML = rows;
    const o = $('outcome');
    o.textContent = 'round ' + f.round + ': ' + (f.outcome > 0 ? pname(0) + ' wins' : f.outcome < 0 ? pname(1) + ' wins' : 'draw') + ' after ' + f.nturns + ' turn(s)';
    o.dataset.outcome = f.outcome;
    $('tally').textContent = 'match so far: ' + pname(0) + ' ' + f.tally[0] + ', ' + pname(1) + ' ' + f.tally[1] + ', draws ' + f.tally[2];
  }
  return {init, draw};
})();
