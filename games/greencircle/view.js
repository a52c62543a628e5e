// view.js -- greencircle's drawing for the replay page (view.py inlines it): a GAME
// object with init() (builds the board once) and draw(frame, k) (draws frame k
// from its data alone, plus D.static). Helpers from view.py's page: el, esc,
// pname, tip (hover details), COLORS, D (the data), $.
const GAME = (() => {
  const SK = ['TRAINING', 'CODING', 'DAILY_ROUTINE', 'TASK_PRIORITIZATION', 'ARCHITECTURE_STUDY', 'CONTINUOUS_INTEGRATION', 'CODE_REVIEW', 'REFACTORING'];
  const AB = ['TR', 'CO', 'DR', 'TP', 'AS', 'CI', 'CR', 'RF', 'BONUS', 'DEBT'];
  let desks = [], tokens = [];
  function pos(z, r) { const a = Math.PI * 2 * z / 8 - Math.PI / 2; return [220 + r * Math.cos(a), 200 + r * Math.sin(a)]; }
  function init() {
    const svg = el('svg:svg', {width: 440, height: 400, viewBox: '0 0 440 400', id: 'svg'}, $('board'));
    el('svg:circle', {cx: 220, cy: 200, r: 150, fill: 'none', stroke: '#3a9d5d', 'stroke-width': 14, 'stroke-opacity': 0.35}, svg);
    for (let z = 0; z < 8; z++) {
      const [x, y] = pos(z, 150);
      const g = el('svg:g', {id: 'desk-' + z}, svg);
      el('svg:rect', {x: x - 40, y: y - 24, width: 80, height: 48, rx: 6, fill: '#fff', stroke: '#3a9d5d'}, g);
      el('svg:text', {x: x, y: y - 8, 'text-anchor': 'middle', 'font-size': 11}, g, z + ' ' + AB[z]);
      desks.push(el('svg:text', {x: x, y: y + 14, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 'bold', class: 'count'}, g));
    }
    for (const p of [0, 1]) tokens.push(el('svg:circle', {id: 'pos-p' + p, r: 11, fill: COLORS[p], stroke: '#fff', 'stroke-width': 2}, svg));
    el('svg:text', {id: 'phase', x: 220, y: 196, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold'}, svg);
    el('svg:text', {id: 'pools', x: 220, y: 218, 'text-anchor': 'middle', 'font-size': 12}, svg);
    $('info').innerHTML = '<table id="ptab"></table><div><b>applications</b> (needs per skill)</div><table id="apps"></table>' +
      '<div class="small" id="end"></div>';
    const e = D.static.end || {};
    $('end').textContent = Object.keys(e).map((k) => k + ' ' + e[k]).join(' | ');
  }
  function cnt(s, d) { let n = 0; for (const c of s) if (c === d) n++; return n; }
  function cards(s) { return s.split('').map((c) => AB[Number(c)]).join(' '); }
  function draw(f) {
    f.desks.forEach((n, z) => { desks[z].textContent = n; desks[z].dataset.count = n; tip(desks[z].parentNode, 'desk ' + z + ' ' + SK[z] + ': ' + n + ' card(s) left'); });
    for (const p of [0, 1]) {
      const z = f.p[p].zone;
      const [x, y] = z < 0 ? [30 + p * 26, 30] : pos(z, 150);
      tokens[p].setAttribute('cx', z < 0 ? x : x + (p ? 14 : -14));
      tokens[p].setAttribute('cy', z < 0 ? y : y + 34);
      tokens[p].dataset.zone = z;
      const q = f.p[p];
      tip(tokens[p], pname(p) + (z < 0 ? ', not on a desk yet' : ' at desk ' + z + ' ' + SK[z]) + '\nhand: ' + cards(q.hand) + '\ndraw: ' + cards(q.draw) +
        '\ndiscard: ' + cards(q.discard) + '\nplayed: ' + cards(q.played) + '\nautomated: ' + cards(q.automated) + '\npermanent: ' + cards(q.permanent));
    }
    $('phase').textContent = 'next: P' + f.next + ' ' + f.phase;
    $('phase').setAttribute('fill', COLORS[f.next]);
    $('phase').dataset.phase = f.phase;
    $('pools').textContent = 'bonus pool ' + f.bonusPool + ' \u00b7 debt pool ' + f.debtPool;
    let rows = '<tr><th></th><th>released</th><th>debt</th><th>hand</th><th>draw</th><th>discard</th><th>automated</th><th>permanent</th></tr>';
    for (const p of [0, 1]) {
      const q = f.p[p];
      const debt = cnt(q.hand + q.draw + q.discard + q.played, '9');
      rows += '<tr><td><span class="sw" style="background:' + COLORS[p] + '"></span>' + esc(pname(p)) + '</td>' +
        '<td id="p' + p + '-score">' + q.score + '</td><td id="p' + p + '-debt">' + debt + '</td>' +
        '<td id="p' + p + '-hand" data-tip="hand: ' + cards(q.hand) + '">' + q.hand.length + '</td><td id="p' + p + '-draw" data-tip="draw pile: ' + cards(q.draw) + '">' + q.draw.length +
        '</td><td id="p' + p + '-discard" data-tip="discard pile: ' + cards(q.discard) + '">' + q.discard.length + '</td><td>' + q.automated.length + '</td><td>' + cards(q.permanent) + '</td></tr>' +
        '<tr><td></td><td colspan="7" class="small">hand: ' + cards(q.hand) + (q.played ? ' \u00b7 played: ' + cards(q.played) : '') + '</td></tr>';
    }
    $('ptab').innerHTML = rows;
    let a = '<tr><th>id</th>' + AB.slice(0, 8).map((s) => '<th>' + s + '</th>').join('') + '</tr>';
    for (const id of f.apps) {
      const nd = D.static.needs[id] || [];
      a += '<tr id="app-' + id + '"><td>' + id + '</td>' + nd.map((v) => '<td>' + (v || '') + '</td>').join('') + '</tr>';
    }
    $('apps').innerHTML = a;
  }
  return {init, draw};
})();
