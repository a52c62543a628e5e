// view.js -- get1000's drawing for the replay page (view.py inlines it): a GAME
// object with init() (builds the board once) and draw(frame, k) (draws frame k
// from its data alone, plus D.static). Helpers from view.py's page: el, esc,
// pname, tip (hover details), COLORS, D (the data), $.
const GAME = (() => {
  const COL = ['H', 'T', 'O'];
  function init() {
    const n = D.players.length;
    let h = '<div style="font-size:18px">round <b id="round"></b> &middot; roll <b id="step"></b>/9 &middot; value <b id="roll" style="font-size:26px"></b></div><div style="display:flex;gap:18px;flex-wrap:wrap">';
    for (let p = 0; p < n; p++) {
      h += '<div><div><span class="sw" style="background:' + COLORS[p % 4] + '"></span><b>' + esc(pname(p)) + '</b></div><table id="grid-p' + p + '"><tr><th>H</th><th>T</th><th>O</th></tr>';
      for (let r = 0; r < 3; r++) h += '<tr>' + COL.map((c) => '<td id="g-p' + p + '-' + c + r + '" style="width:34px;height:30px;text-align:center;font-size:20px"></td>').join('') + '</tr>';
      h += '</table><div>sum <b id="sum-p' + p + '"></b> &middot; distance <b id="dist-p' + p + '"></b></div><div>round wins <b id="wins-p' + p + '"></b></div></div>';
    }
    h += '</div><div id="winner" style="font-size:17px;margin-top:8px"></div><div class="small">ties: ' + esc(D.static.ties) + '</div>';
    $('board').innerHTML = h;
    $('board').style.padding = '10px';
  }
  function draw(f, k) {
    $('round').textContent = f.round; $('step').textContent = f.step; $('roll').textContent = f.value;
    let wins = null;
    for (let i = k; i >= 0 && !wins; i--) wins = D.frames[i].wins || null;
    f.grids.forEach((g, p) => {
      for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) {
        const td = $('g-p' + p + '-' + COL[c] + r);
        const v = g[c][r];
        td.textContent = v === undefined ? '' : v;
        const fresh = f.place[p] === c && r === g[c].length - 1;
        td.style.background = fresh ? COLORS[p % 4] : '';
        td.style.color = fresh ? '#fff' : '';
        td.dataset.fresh = fresh ? 1 : 0;
        tip(td, pname(p) + ', ' + ['hundreds', 'tens', 'ones'][c] + ' row ' + (r + 1) + ': ' + (v === undefined ? 'empty' : v + ' (worth ' + v * [100, 10, 1][c] + ')') + (fresh ? ', just placed' : ''));
      }
      $('sum-p' + p).textContent = f.totals[p];
      $('dist-p' + p).textContent = f.dist[p];
      $('wins-p' + p).textContent = wins ? wins[p] : 0;
    });
    const w = $('winner');
    if (f.wins) {
      w.textContent = f.winners.length ? 'round ' + f.round + ' won by ' + f.winners.map(pname).join(', ') + ' (distance ' + f.best + ')' : 'round ' + f.round + ': no winner (tie at distance ' + f.best + ')';
      w.dataset.winners = f.winners.join(',');
    } else { w.textContent = ''; w.dataset.winners = ''; }
  }
  return {init, draw};
})();
