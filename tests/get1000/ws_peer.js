// ws_peer.js -- the independent WebSocket peer of the get1000 interop tests:
// a server built on the npm `ws` package (version pinned in package-lock.json).
// Prints "PORT <n>" once listening on 127.0.0.1, then serves:
//   /echo   echoes text; commands "frag:N" (one message in N fragments),
//           "ping" (server ping "srv"), "big:N" (N-byte message),
//           "stats" (JSON counts of client pings and pongs), "close" (4001)
//   /agent  a Get1000 room of one: JoinResponse, junk and unknown messages,
//           a ping, a binary frame, then ROUNDS*9 DiceRolls (some duplicated
//           values, one fragmented; two more out of range, which must get
//           no reply), checking
//           every placement (exact keys, ids, legal column), then GameEnd.
//           After the close it prints "RESULT ok rolls=N rounds=R" or
//           "RESULT fail <why>".
// Exits after EXIT_AFTER agent sessions (argv[2], default 1).
'use strict';
const { WebSocketServer } = require('ws');

const exitAfter = parseInt(process.argv[2] || '1', 10);
const rounds = parseInt(process.argv[3] || '3', 10);
let sessions = 0;

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('listening', () => console.log('PORT ' + wss.address().port));

function echo(ws) {
  let pings = 0, pongs = 0;
  ws.on('ping', () => pings++);
  ws.on('pong', () => pongs++);
  ws.on('message', (data, isBinary) => {
    const s = data.toString();
    if (isBinary) return ws.send(data, { binary: true });
    if (s.startsWith('frag:')) {
      const n = parseInt(s.slice(5), 10);
      for (let i = 0; i < n; i++) ws.send('part' + i + ';', { fin: i === n - 1 });
    } else if (s === 'ping') {
      ws.ping('srv');
      ws.send('pinged');
    } else if (s.startsWith('big:')) {
      ws.send('x'.repeat(parseInt(s.slice(4), 10)));
    } else if (s === 'stats') {
      ws.send(JSON.stringify({ pings, pongs }));
    } else if (s === 'close') {
      ws.close(4001, 'bye');
    } else {
      ws.send(s);
    }
  });
}

function agent(ws) {
  let room = null, name = null, fail = null, rolls = 0, pending = 0;
  let n = [0, 0, 0], sum = 0, value = 0, done = 0;
  const send = (cls, obj) => ws.send(JSON.stringify({ response: ['no.sonat.game.' + cls, obj] }));
  const bad = (why) => { if (!fail) fail = why; ws.close(1000); };
  function roll() {
    if (rolls === rounds * 9) {
      send('GameEnd', { id: room });
      return;
    }
    if (rolls % 9 === 0) { n = [0, 0, 0]; sum = 0; }
    // every 4th roll repeats the previous value: duplicates are normal
    value = (rolls % 4 === 3 && value) ? value : 1 + Math.floor(Math.random() * 6);
    rolls++;
    pending = 1;
    if (rolls === 5) ws.send('not json at all');
    if (rolls === 6) ws.send('{ "response" : [ "no.sonat.game.Whatever" , { } ] }');
    if (rolls === 7) ws.ping('PING');
    if (rolls === 10) ws.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    // not die values: the bot rejects them without a reply (a placement for
    // them would show up as one placement too many)
    if (rolls === 12) { send('DiceRoll', { value: 0 }); send('DiceRoll', { value: 9 }); }
    const text = '{"response":["no.sonat.game.DiceRoll",{"value":' + value + '}]}';
    if (rolls === 8) { // one message in three fragments
      ws.send(text.slice(0, 5), { fin: false });
      ws.send(text.slice(5, 20), { fin: false });
      ws.send(text.slice(20), { fin: true });
    } else if (rolls % 2) send('DiceRoll', { value });
    else ws.send('{ "response" : [ "no.sonat.game.DiceRoll" , { "value" : ' + value + ' } ] }');
  }
  ws.on('message', (data) => {
    let m;
    try { m = JSON.parse(data.toString()); } catch (e) { return bad('bad JSON from client'); }
    const keys = Object.keys(m);
    if (keys.length !== 1 || keys[0] !== 'action' || !Array.isArray(m.action) || m.action.length !== 2)
      return bad('bad envelope: ' + data);
    const [cls, body] = m.action;
    if (cls === 'no.sonat.game.JoinRoomAction') {
      if (Object.keys(body).join() !== 'id,name' || room !== null) return bad('bad join: ' + data);
      room = body.id; name = body.name;
      send('JoinResponse', { id: room });
      send('Whatever', {});
      roll();
    } else if (cls === 'no.sonat.game.PlacementAction') {
      if (Object.keys(body).join() !== 'id,name,placement') return bad('bad keys: ' + data);
      if (body.id !== room || body.name !== name) return bad('ids differ: ' + data);
      if (!pending) return bad('placement with no roll pending');
      const c = ['HUNDREDS', 'TENS', 'ONES'].indexOf(body.placement);
      if (c < 0) return bad('bad placement ' + body.placement);
      if (n[c] >= 3) return bad('illegal placement into a full column at roll ' + rolls);
      n[c]++; sum += value * [100, 10, 1][c]; pending = 0;
      if (rolls % 9 === 0) done++;
      roll();
    } else {
      bad('unknown action ' + cls);
    }
  });
  ws.on('close', () => {
    if (!fail && rolls !== rounds * 9) fail = 'closed after ' + rolls + ' rolls';
    console.log(fail ? 'RESULT fail ' + fail : 'RESULT ok rolls=' + rolls + ' rounds=' + done);
    if (++sessions >= exitAfter) { wss.close(); process.exit(0); }
  });
}

wss.on('connection', (ws, req) => {
  if (req.url.startsWith('/echo')) echo(ws);
  else if (req.url.startsWith('/agent')) agent(ws);
  else ws.close(4004, 'unknown path');
});
