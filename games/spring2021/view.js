// view.js -- spring2021's drawing for the replay page (view.py inlines it): a GAME
// object with init() (builds the board once) and draw(frame, k) (draws frame k
// from its data alone, plus D.static). Helpers from view.py's page: el, esc,
// pname, tip (hover details), COLORS, D (the data), $.
const GAME = (() => {
  const R = 30, W = Math.sqrt(3) * R;
  const RICH = ['none', '#d9c89a', '#b5cf78', '#6fae4c'];  // richness 0 = a hole: no cell
  let cells = [], trees = [];
  function center(i) { const [q, r] = D.static.cells[i]; return [W * (q + r / 2), 1.5 * R * r]; }
  function hex(cx, cy, r) {
    const p = [];
    for (let a = 0; a < 6; a++) { const t = Math.PI / 180 * (60 * a - 30); p.push((cx + r * Math.cos(t)).toFixed(1) + ',' + (cy + r * Math.sin(t)).toFixed(1)); }
    return p.join(' ');
  }
  function init() {
    const svg = el('svg:svg', {viewBox: '-225 -215 450 430', width: 560, height: 535, id: 'svg'}, $('board'));
    const g = el('svg:g', {}, svg), sh = el('svg:g', {}, svg), tg = el('svg:g', {}, svg), lab = el('svg:g', {}, svg);
    D.static.richness.forEach((rich, i) => {
      const [x, y] = center(i);
      cells.push({poly: el('svg:polygon', {id: 'cell-' + i, points: hex(x, y, R - 1), fill: RICH[rich] || 'none', stroke: rich ? '#8a7f66' : '#ddd', 'stroke-dasharray': rich ? 'none' : '4 3', 'data-richness': rich}, g),
        shade: el('svg:polygon', {points: hex(x, y, R - 1), fill: '#000', 'fill-opacity': 0}, sh)});
      el('svg:text', {x: x - R * 0.55, y: y - R * 0.38, 'font-size': 8, fill: '#444'}, lab, i);
      trees.push({c: el('svg:circle', {id: 'tree-' + i, cx: x, cy: y, r: 0, display: 'none'}, tg),
        z: el('svg:text', {x: x + R * 0.34, y: y + R * 0.62, 'font-size': 10, 'font-weight': 'bold', fill: '#222', display: 'none'}, tg, 'z')});
    });
    el('svg:g', {id: 'sun'}, svg);
    const info = $('info');
    info.innerHTML = '<div>day <b id="day"></b> &middot; nutrients <b id="nutrients"></b> &middot; sun direction <b id="sundir"></b></div>' +
      '<table id="ptab"><tr><th>player</th><th>sun</th><th>score</th><th>trees 0/1/2/3</th><th>waiting</th></tr>' +
      [0, 1].map((p) => '<tr><td><span class="sw" style="background:' + COLORS[p] + '"></span>' + esc(pname(p)) + '</td><td id="p' + p + '-sun"></td><td id="p' + p + '-score"></td><td id="p' + p + '-trees"></td><td id="p' + p + '-wait"></td></tr>').join('') + '</table>' +
      '<div class="small">circle = tree (size by radius, colour by owner), z = dormant; dashed empty cell = hole; darker cell = shadow (darker = taller tree casting it); sun = yellow disc</div>' +
      '<div class="small" id="final"></div>';
    const fin = D.static.final || {};
    $('final').textContent = Object.keys(fin).map((p) => 'final ' + pname(Number(p)) + ': ' + fin[p]).join(' | ');
  }
  function draw(f) {
    const has = new Array(37).fill(null);
    for (const t of f.trees) has[t[0]] = t;
    for (let i = 0; i < 37; i++) {
      const s = Number(f.shadow[i]);
      cells[i].shade.setAttribute('fill-opacity', s && D.static.richness[i] ? 0.1 + 0.07 * s : 0);
      cells[i].poly.dataset.shadow = s;
      const t0 = has[i];
      tip(cells[i].shade, 'cell ' + i + ': richness ' + D.static.richness[i] + (s ? ', shadow of a size ' + s + ' tree' : ', no shadow') +
        (t0 ? '\ntree size ' + t0[1] + ' of ' + pname(t0[2]) + (t0[3] ? ', dormant' : '') : ''));
      const t = has[i], tr = trees[i];
      if (!t) { tr.c.setAttribute('display', 'none'); tr.z.setAttribute('display', 'none'); tr.c.removeAttribute('data-owner'); continue; }
      tr.c.setAttribute('display', 'inline');
      tr.c.setAttribute('r', [5, 10, 15, 21][t[1]]);
      tr.c.setAttribute('fill', COLORS[t[2]]);
      tr.c.setAttribute('stroke', t[3] ? '#111' : '#fff');
      tr.c.setAttribute('stroke-width', t[3] ? 3 : 1);
      tr.c.setAttribute('stroke-dasharray', t[3] ? '3 2' : 'none');
      tr.c.dataset.owner = t[2]; tr.c.dataset.size = t[1]; tr.c.dataset.dormant = t[3];
      tip(tr.c, 'cell ' + i + ': tree size ' + t[1] + ' of ' + pname(t[2]) + (t[3] ? ', dormant' : '') + '\nrichness ' + D.static.richness[i] + ', shadow ' + s);
      tr.z.setAttribute('display', t[3] ? 'inline' : 'none');
    }
    const sun = $('sun');
    sun.innerHTML = '';
    const dirs = [[1, 0], [0.5, -0.866], [-0.5, -0.866], [-1, 0], [-0.5, 0.866], [0.5, 0.866]];
    const [dx, dy] = dirs[f.sunDir % 6];
    // the sun sits opposite to where shadows fall
    el('svg:circle', {cx: -dx * 205, cy: -dy * 205, r: 12, fill: '#ffc400', stroke: '#e08a00'}, sun);
    $('day').textContent = f.day; $('nutrients').textContent = f.nutrients; $('sundir').textContent = f.sunDir;
    for (const p of [0, 1]) {
      $('p' + p + '-sun').textContent = f.sun[p];
      $('p' + p + '-score').textContent = f.score[p];
      const c = [0, 0, 0, 0];
      for (const t of f.trees) if (t[2] === p) c[t[1]]++;
      $('p' + p + '-trees').textContent = c.join('/');
      $('p' + p + '-wait').textContent = f.waiting[p] ? 'yes' : '';
    }
  }
  return {init, draw};
})();
