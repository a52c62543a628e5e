// timing.mjs -- per-hook cost of dist/gameofdrones.js in node, the way the
// contest's framework calls it: matches against a uniformly random bot
// (tests/gameofdrones/harness.mjs plays them), every hook call of our
// player timed by process CPU time (process.cpuUsage: all of node's
// threads, so V8's compiler and GC count) and by wall time.
//
//   node games/gameofdrones/timing.mjs [--matches M] [--rounds R]
//        [--turns SPEC] [--seed S] [--top K] [--self] [BOT.mjs]
//
// SPEC: a number (every round), "A-B" (each round a uniformly random
// length in A..B), or a comma list of either ("2-12,40,100": each round one
// of the items, ranges drawn as above). Defaults: 8 matches of 300 rounds,
// 2-12, the bot build/gameofdrones-js/gameofdrones.mjs (copied from
// dist/gameofdrones.js, as run_node.mjs does). The import itself (the
// glue's warm-up) is timed apart: it runs outside any hook. Prints one
// line per match and a summary: calls, mean, p99, max (CPU and wall, ms)
// and the K slowest calls with their hook, match, round and T.
// Invariant: the random bot and the round lengths come from one seeded
// generator, so a run is repeatable apart from our player's own seeds.
// --self: the opponent is a second player of ours (both timed), so one of
// them runs on a fresh instance (the glue's pool holds one).
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { playMatch } from '../../tests/gameofdrones/harness.mjs';

const args = process.argv.slice(2);
const opt = { matches: 8, rounds: 300, turns: '2-12', seed: 1, top: 8, bot: null, self: false };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--matches') opt.matches = +args[++i];
  else if (a === '--rounds') opt.rounds = +args[++i];
  else if (a === '--turns') opt.turns = args[++i];
  else if (a === '--seed') opt.seed = +args[++i];
  else if (a === '--top') opt.top = +args[++i];
  else if (a === '--self') opt.self = true;
  else opt.bot = a;
}
if (opt.bot === null) {
  mkdirSync('build/gameofdrones-js', { recursive: true });
  copyFileSync('dist/gameofdrones.js', 'build/gameofdrones-js/timing.mjs');
  opt.bot = 'build/gameofdrones-js/timing.mjs';
}

let rng = (opt.seed >>> 0) || 1;
function rand() { // xorshift32, [0, 1)
  rng ^= rng << 13; rng >>>= 0;
  rng ^= rng >>> 17;
  rng ^= rng << 5; rng >>>= 0;
  return rng / 4294967296;
}

const items = opt.turns.split(',').map((x) => {
  const m = /^(\d+)-(\d+)$/.exec(x);
  return m ? [+m[1], +m[2]] : [+x, +x];
});
function drawT() {
  const it = items[Math.floor(rand() * items.length)];
  return it[0] + Math.floor(rand() * (it[1] - it[0] + 1));
}

function randomBot() {
  return {
    playTurn(st) {
      const x = Math.floor(rand() * (st.producers + 1));
      return { newProducers: x, newSoldiers: st.producers - x, launchAttack: rand() < 0.2 };
    }
  };
}

function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
function wallMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

const t0c = cpuMs(), t0w = wallMs();
const factory = (await import(pathToFileURL(resolve(opt.bot)).href)).default;
const loadCpu = cpuMs() - t0c, loadWall = wallMs() - t0w;

const all = []; // {cpu, wall, hook, match, round, T}
let where = { match: 0, round: 0, T: 0 };
function timed(bot, seat) {
  const out = {};
  for (const k of ['onMatchStart', 'onRoundStart', 'playTurn', 'onRoundEnd']) {
    out[k] = function (arg) {
      if (k === 'onRoundStart' && seat === 0) { where.round++; where.T = arg.turns; }
      const c = cpuMs(), w = wallMs();
      const r = bot[k](arg);
      all.push({ cpu: cpuMs() - c, wall: wallMs() - w, hook: k, seat: seat, match: where.match, round: where.round, T: where.T });
      return r;
    };
  }
  return out;
}

function stats(xs) {
  const v = xs.slice().sort((a, b) => a - b);
  const sum = v.reduce((a, b) => a + b, 0);
  const q = (p) => v[Math.min(v.length - 1, Math.floor(p * v.length))];
  return { n: v.length, mean: sum / v.length, p99: q(0.99), max: v[v.length - 1] };
}
const f = (x) => x.toFixed(2);

console.log('import (warm-up): cpu ' + f(loadCpu) + ' ms, wall ' + f(loadWall) + ' ms');
for (let m = 1; m <= opt.matches; m++) {
  where = { match: m, round: 0, T: 0 };
  const from = all.length;
  const res = playMatch(timed(factory(), 0), opt.self ? timed(factory(), 1) : randomBot(), { rounds: opt.rounds, turns: () => drawT() });
  const mine = all.slice(from);
  const c = stats(mine.map((e) => e.cpu)), w = stats(mine.map((e) => e.wall));
  console.log('match ' + m + ': rounds won ' + res.wins[0] + '-' + res.wins[1] + ' (' + res.draws + ' drawn), calls ' + c.n +
    ', cpu mean ' + f(c.mean) + ' p99 ' + f(c.p99) + ' max ' + f(c.max) + ' ms, wall p99 ' + f(w.p99) + ' max ' + f(w.max) + ' ms');
}
const c = stats(all.map((e) => e.cpu)), w = stats(all.map((e) => e.wall));
console.log('all: ' + opt.matches + ' matches x ' + opt.rounds + ' rounds, T ' + opt.turns + ', ' + c.n + ' calls; cpu mean ' + f(c.mean) +
  ' p99 ' + f(c.p99) + ' max ' + f(c.max) + ' ms; wall mean ' + f(w.mean) + ' p99 ' + f(w.p99) + ' max ' + f(w.max) + ' ms');
all.sort((a, b) => b.cpu - a.cpu);
for (const e of all.slice(0, opt.top))
  console.log('  slow: cpu ' + f(e.cpu) + ' wall ' + f(e.wall) + ' ms ' + e.hook + (opt.self ? ' seat ' + e.seat : '') + ' match ' + e.match + ' round ' + e.round + ' T ' + e.T);
