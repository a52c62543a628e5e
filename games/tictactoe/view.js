// view.js -- tictactoe's drawing for the replay page (view.py inlines it): a GAME
// object with init() (builds the board once) and draw(frame, k) (draws frame k
// from its data alone, plus D.static). Helpers from view.py's page: el, esc,
// pname, tip (hover details), COLORS, D (the data), $.
const GAME = (() => {
  const C = 110, M = 10, MARK = ['X', 'O'];
  let cells = [];
  function init() {
    const svg = el('svg:svg', {width: 3 * C + 2 * M, height: 3 * C + 2 * M, id: 'svg'}, $('board'));
    for (let c = 0; c < 9; c++) {
      const x = M + c % 3 * C, y = M + Math.floor(c / 3) * C;
      const g = el('svg:g', {id: 'cell-' + Math.floor(c / 3) + '-' + c % 3}, svg);
      const bg = el('svg:rect', {x, y, width: C, height: C, fill: '#fff', stroke: '#2f3b45', 'stroke-width': 3}, g);
      const cross = el('svg:path', {d: 'M' + (x + 25) + ' ' + (y + 25) + ' l60 60 m0 -60 l-60 60', stroke: COLORS[0], 'stroke-width': 12, 'stroke-linecap': 'round', display: 'none'}, g);
      const ring = el('svg:circle', {cx: x + C / 2, cy: y + C / 2, r: 32, fill: 'none', stroke: COLORS[1], 'stroke-width': 11, display: 'none'}, g);
      cells.push({g, bg, cross, ring});
    }
    el('svg:line', {id: 'winline', stroke: '#222', 'stroke-width': 6, 'stroke-opacity': 0.6, 'stroke-linecap': 'round', display: 'none'}, svg);
    $('info').innerHTML = '<div style="font-size:17px">move <b id="ply"></b> of 9 &middot; <span id="tomove"></span></div>' +
      '<table id="ptab"><tr><th>player</th><th>mark</th><th>moves</th><th>think ms (total)</th></tr>' +
      [0, 1].map((p) => '<tr><td><span class="sw" style="background:' + COLORS[p] + '"></span>' + esc(pname(p)) + '</td><td>' + MARK[p] + '</td><td id="p' + p + '-moves"></td><td id="p' + p + '-think"></td></tr>').join('') + '</table>' +
      '<div id="result" style="font-size:17px;margin-top:6px"></div>' +
      '<div class="small">X = player 0 (moves first), O = player 1; yellow = the move just played</div><div class="small err" id="errors"></div>';
    $('errors').textContent = (D.static.errors || []).map((e) => pname(e[0]) + ': ' + e[1] + ' ' + e[2]).join(' | ');
  }
  function center(c) { return [M + c % 3 * C + C / 2, M + Math.floor(c / 3) * C + C / 2]; }
  function draw(f, k) {
    for (let c = 0; c < 9; c++) {
      const v = f.board[c], e = cells[c];
      e.cross.setAttribute('display', v === '0' ? 'inline' : 'none');
      e.ring.setAttribute('display', v === '1' ? 'inline' : 'none');
      e.bg.setAttribute('fill', c === f.cell ? '#fff3c4' : '#fff');
      e.g.dataset.mark = v === '-' ? '' : MARK[Number(v)];
      e.g.dataset.last = c === f.cell ? 1 : 0;
      tip(e.g, 'row ' + Math.floor(c / 3) + ', col ' + c % 3 + ': ' + (v === '-' ? 'free' : MARK[Number(v)] + ' of ' + pname(Number(v))) + (c === f.cell ? ' (just played)' : ''));
    }
    const wl = $('winline');
    if (f.line) {
      const a = center(f.line[0]), b = center(f.line[2]);
      Object.entries({x1: a[0], y1: a[1], x2: b[0], y2: b[1], display: 'inline'}).forEach(([q, v]) => wl.setAttribute(q, v));
    } else wl.setAttribute('display', 'none');
    $('ply').textContent = f.ply;
    $('tomove').textContent = f.result ? 'game over' : f.ply < 9 ? 'next: ' + pname(f.ply % 2) + ' (' + MARK[f.ply % 2] + ')' : '';
    const moves = [0, 0], think = [0, 0];
    for (let i = 1; i <= k; i++) {
      const g = D.frames[i];
      if (g.cell >= 0) { moves[g.mover]++; think[g.mover] += g.cmds.find((c) => c[0] === g.mover)[3] || 0; }
    }
    for (const p of [0, 1]) { $('p' + p + '-moves').textContent = moves[p]; $('p' + p + '-think').textContent = think[p].toFixed(2); }
    const r = $('result'), res = f.result || '';
    r.dataset.result = res;
    r.textContent = res === 'draw' ? 'result: draw' : res ? 'result: ' + pname(Number(res.slice(7))) + ' (' + MARK[Number(res.slice(7))] + ') wins' : '';
  }
  return {init, draw};
})();
