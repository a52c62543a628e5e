// view.js -- blitz's drawing for the replay page (view.py inlines it): a GAME
// object with init() (builds the board once) and draw(frame, k) (draws frame k
// from its data alone, plus D.static). Helpers from view.py's page: el, esc,
// pname, tip (hover details), COLORS, D (the data), $.
const GAME = (() => {
  let C = 20, mines = [], heroes = [], built = false;
  const TER = {' ': '#f3efe3', '#': '#6b5b45', 'T': '#f3efe3', '^': '#f3efe3', '$': '#f3efe3'};
  function build() {
    const s = D.static, n = s.n;
    C = Math.max(14, Math.floor(560 / n));
    $('board').innerHTML = '';
    const svg = el('svg:svg', {width: n * C, height: n * C, id: 'svg'}, $('board'));
    for (let c = 0; c < n * n; c++) {
      const x = c % n * C, y = Math.floor(c / n) * C, t = s.terrain[c];
      el('svg:rect', {x, y, width: C, height: C, fill: TER[t] || '#fff'}, svg);
      if (t === 'T') {
        el('svg:rect', {x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 3, fill: '#6fb7e0', stroke: '#2b6f96'}, svg);
        el('svg:text', {x: x + C / 2, y: y + C * 0.72, 'text-anchor': 'middle', 'font-size': C * 0.55, fill: '#fff', 'font-weight': 'bold'}, svg, 'T');
      }
      if (t === '^') el('svg:path', {d: 'M' + (x + 2) + ' ' + (y + C - 2) + ' l' + (C / 4 - 1) + ' ' + (-(C - 4)) + ' l' + (C / 4 - 1) + ' ' + (C - 4) + ' l' + (C / 4 - 1) + ' ' + (-(C - 4)) + ' l' + (C / 4 - 1) + ' ' + (C - 4) + 'z', fill: '#999'}, svg);
    }
    (s.spawns || []).forEach((p, k) => el('svg:rect', {x: p[1] * C + 2, y: p[0] * C + 2, width: C - 4, height: C - 4, fill: 'none', stroke: COLORS[k], 'stroke-dasharray': '3 2'}, svg));
    mines = s.mines.map((c, i) => {
      const x = c % n * C, y = Math.floor(c / n) * C;
      const g = el('svg:g', {id: 'mine-' + i}, svg);
      el('svg:circle', {cx: x + C / 2, cy: y + C / 2, r: C * 0.42, fill: '#f0c419', stroke: '#8a6d00'}, g);
      return {g, flag: el('svg:rect', {x: x + C * 0.3, y: y + C * 0.3, width: C * 0.4, height: C * 0.4, fill: '#fff'}, g)};
    });
    heroes = [0, 1, 2, 3].map((k) => {
      const g = el('svg:g', {id: 'hero-' + (k + 1)}, svg);
      el('svg:circle', {cx: C / 2, cy: C / 2, r: C * 0.45, fill: COLORS[k], stroke: '#000', 'stroke-width': 1, class: 'ring'}, g);
      el('svg:text', {x: C / 2, y: C * 0.7, 'text-anchor': 'middle', 'font-size': C * 0.55, fill: '#fff', 'font-weight': 'bold'}, g, k + 1);
      return g;
    });
    $('info').innerHTML = '<table id="htab"></table><div class="small">square = mine (inner colour = owner, white = neutral), blue T = tavern, grey teeth = spikes, dashed square = spawn</div><div class="small" id="meta"></div>';
    const m = s.meta || {};
    $('meta').textContent = Object.keys(m).map((k) => k + ' ' + m[k]).join(' | ');
    built = true;
  }
  function init() { if (D.static) build(); }
  // Our hero: the seat named "dist" (the arena's name for our bot, view.py
  // --names), or D.ours when the data sets it; a star and a thick ring.
  function ours(k) { return D.ours !== undefined ? D.ours === k : /^dist\b/.test(pname(k)); }
  function draw(f) {
    if (!built) build();
    for (let i = 0; i < mines.length; i++) {
      const o = f.o[i];
      mines[i].flag.setAttribute('fill', o === '-' ? '#fff' : COLORS[Number(o) - 1]);
      mines[i].g.dataset.owner = o;
      tip(mines[i].g, 'mine ' + i + ': ' + (o === '-' ? 'neutral' : 'owned by ' + pname(Number(o) - 1)));
    }
    let rows = '<tr><th>hero</th><th>life</th><th>gold</th><th>mines</th><th>position</th></tr>';
    f.h.forEach((h, k) => {
      const g = heroes[k];
      g.setAttribute('transform', 'translate(' + h[1] * C + ',' + h[0] * C + ')');
      g.setAttribute('opacity', h[5] ? 0.45 : 1);
      g.querySelector('.ring').setAttribute('stroke-width', ours(k) ? 4 : 1);
      g.dataset.ours = ours(k) ? 1 : 0;
      Object.assign(g.dataset, {x: h[0], y: h[1], life: h[2], gold: h[3], mines: h[4]});
      tip(g, 'hero ' + (k + 1) + ': ' + pname(k) + (ours(k) ? ' (ours)' : '') + '\nlife ' + h[2] + ', gold ' + h[3] + ', mines ' + h[4] +
        '\nposition ' + h[0] + ',' + h[1] + (h[5] ? '\ncrashed' : '') + (f.k === k ? '\njust moved' : ''));
      rows += '<tr id="hrow-' + (k + 1) + '"' + (f.k === k ? ' style="background:#fff3c4"' : '') + '><td><span class="sw" style="background:' + COLORS[k] + '"></span>' + esc(pname(k)) + (ours(k) ? ' <b class="ours">\u2605 ours</b>' : '') + (h[5] ? ' (crashed)' : '') +
        '</td><td class="life">' + h[2] + '</td><td class="gold">' + h[3] + '</td><td>' + h[4] + '</td><td>' + h[0] + ',' + h[1] + '</td></tr>';
    });
    $('htab').innerHTML = rows;
  }
  return {init, draw, build};
})();
function blitzStatic(g) {
  const n = g.board.size, t = g.board.tiles, ter = [], mines = [];
  const map = {'  ': ' ', '##': '#', '[]': 'T', '^^': '^'};
  for (let c = 0; c < n * n; c++) {
    const s = t.substr(2 * c, 2);
    if (s[0] === '$') { ter.push('$'); mines.push(c); }
    else if (s[0] === '@') ter.push(' ');
    else ter.push(map[s] || ' ');
  }
  return {n, terrain: ter.join(''), mines, spawns: g.heroes.map((h) => h.spawnPos ? [h.spawnPos.x, h.spawnPos.y] : null).filter((x) => x), meta: {GAME: g.id}};
}
function blitzFrame(st) {
  const g = st.game || st;
  const h = g.heroes.map((x) => [x.pos.x, x.pos.y, x.life, x.gold, x.mineCount, x.crashed ? 1 : 0]);
  const cmds = [];
  g.heroes.forEach((x, k) => { if (x.lastDir) cmds.push([k, x.lastDir, '', null]); });
  const o = D.static.mines.map((c) => g.board.tiles[2 * c + 1]).join('');
  return {turn: g.turn, h, o, k: g.turn > 0 ? (g.turn - 1) % 4 : -1, cmds, score: h.map((x) => x[3]), label: 'turn ' + g.turn + (g.finished ? ' (finished)' : '')};
}
function LIVE() {
  const q = new URLSearchParams(location.search);
  const id = q.get('game') || location.pathname.split('/').filter((x) => x).pop() || '';
  $('status').textContent = 'connecting to game ' + id + '...';
  const es = new EventSource('/events/' + encodeURIComponent(id));
  es.onmessage = (e) => {
    let st;
    try { st = JSON.parse(e.data); } catch (err) { $('status').textContent = 'bad event: ' + err; return; }
    const g = st.game || st;
    // a reconnection replays the stream from the start: keep each state once
    const last = D.frames[D.frames.length - 1];
    if (last && (g.turn < last.turn || e.data === V.lastData)) return;
    V.lastData = e.data;
    if (!D.static) {
      D.static = blitzStatic(g);
      D.players = g.heroes.map((x, k) => x.name || ('hero ' + (k + 1)));
      legend();
      GAME.build();
    }
    const follow = V.follow || D.frames.length === 0;
    D.frames.push(blitzFrame(st));
    graph();
    $('status').textContent = 'game ' + id + (g.finished ? ': finished' : ': live');
    if (follow) show(D.frames.length - 1);
    else { $('slider').max = D.frames.length - 1; $('nframes').textContent = D.frames.length - 1; }
    if (g.finished) es.close();
  };
  es.onerror = () => { if (es.readyState === 2) $('status').textContent = 'game ' + id + ': stream closed'; };
}
