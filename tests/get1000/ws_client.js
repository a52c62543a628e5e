// ws_client.js -- the other direction of the get1000 interop tests: two
// clients built on the npm `ws` package play one match against OUR server.
// Usage: node ws_client.js PORT. Client 0 sends every message in two
// fragments and pings the server every 10th roll; both place randomly but
// legally. Prints "RESULT ok rolls=N pongs=P ends=2" when both got GameEnd,
// saw the same rolls and got pongs, else "RESULT fail <why>"; exit 0 / 1.
'use strict';
const WebSocket = require('ws');

const port = process.argv[2];
let closed = 0, ends = 0, pongs = 0, fail = null;
const rolls = [0, 0];
const seen = [[], []];

function player(i) {
  const ws = new WebSocket('ws://127.0.0.1:' + port + '/agent', { perMessageDeflate: false });
  const name = 'n' + i;
  let n = [0, 0, 0];
  const send = (obj) => {
    const text = JSON.stringify(obj);
    if (i === 0) {
      ws.send(text.slice(0, 10), { fin: false });
      ws.send(text.slice(10), { fin: true });
    } else {
      ws.send(text);
    }
  };
  ws.on('open', () => send({ action: ['no.sonat.game.JoinRoomAction', { id: 'N1', name }] }));
  ws.on('pong', (data) => { if (data.toString() === 'p' + i) pongs++; });
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    const [cls, body] = m.response;
    if (cls === 'no.sonat.game.DiceRoll') {
      if (rolls[i] % 9 === 0) n = [0, 0, 0];
      seen[i].push(body.value);
      rolls[i]++;
      if (i === 0 && rolls[i] % 10 === 0) ws.ping('p0');
      const legal = [0, 1, 2].filter((c) => n[c] < 3);
      const c = legal[Math.floor(Math.random() * legal.length)];
      n[c]++;
      send({ action: ['no.sonat.game.PlacementAction',
        { id: 'N1', name, placement: ['HUNDREDS', 'TENS', 'ONES'][c] }] });
    } else if (cls === 'no.sonat.game.GameEnd') {
      ends++;
    } else if (cls === 'no.sonat.game.GameError') {
      fail = fail || ('GameError to ' + name + ': ' + body.errorMsg);
    } else if (cls !== 'no.sonat.game.JoinResponse') {
      fail = fail || ('unexpected ' + cls);
    }
  });
  ws.on('close', () => {
    if (++closed === 2) {
      if (!fail && ends !== 2) fail = 'GameEnd count ' + ends;
      if (!fail && seen[0].join() !== seen[1].join()) fail = 'players saw different rolls';
      if (!fail && pongs < 1) fail = 'no pong from the server';
      console.log(fail ? 'RESULT fail ' + fail
        : 'RESULT ok rolls=' + rolls[0] + ' pongs=' + pongs + ' ends=' + ends);
      process.exit(fail ? 1 : 0);
    }
  });
  ws.on('error', (e) => { fail = fail || ('socket error ' + e.message); });
}

player(0);
player(1);
setTimeout(() => { console.log('RESULT fail timed out'); process.exit(1); }, 20000);
