// bot.test.mjs -- dist/gameofdrones.js (the submission) under our framework
// emulation: module shape, legal actions, never throwing, independent
// instances, and the same match results as the C referee playing the same
// strategy natively (build/gameofdrones-referee, seeds matched).
// run_node.mjs sets GOD_BOT to a copy of the .js with an .mjs name.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { playMatch, script, sparring } from './harness.mjs';

const factory = (await import(pathToFileURL(process.env.GOD_BOT).href)).default;

// Deterministic runs: the glue's only entropy is Math.random (one seed per
// player object); replace it by a fixed LCG for the whole file.
let lcg = 20260522;
Math.random = () => { lcg = (Math.imul(lcg, 1664525) + 1013904223) >>> 0; return lcg / 4294967296; };

// Runs fn with Math.random returning seeds[i] / 2^32 on its i-th call (the
// glue draws one seed per onMatchStart).
function withSeeds(seeds, fn) {
  const saved = Math.random;
  let i = 0;
  Math.random = () => (i < seeds.length ? seeds[i++] / 4294967296 : saved());
  try { return fn(); } finally { Math.random = saved; }
}

function checker(seats) {
  return (seat, state, a, turn, T) => {
    if (!seats.includes(seat)) return;
    assert.equal(typeof a, 'object');
    assert.ok(a !== null && !(a instanceof Promise));
    assert.equal(typeof a.launchAttack, 'boolean');
    for (const k of ['newProducers', 'newSoldiers']) {
      assert.equal(typeof a[k], 'number');
      assert.ok(Number.isFinite(a[k]) && a[k] >= 0, k + ' ' + a[k]);
    }
    assert.ok(a.newProducers + a.newSoldiers <= state.producers);
    assert.ok(!(a.launchAttack && turn >= T), 'attack on the last turn');
  };
}

test('module shape: factory, meta, hooks, fresh objects', () => {
  assert.equal(typeof factory, 'function');
  const a = factory(), b = factory();
  assert.notEqual(a, b);
  assert.equal(typeof a.meta.name, 'string');
  assert.ok(a.meta.name.length > 0);
  for (const h of ['onMatchStart', 'onRoundStart', 'playTurn', 'onRoundEnd']) assert.equal(typeof a[h], 'function');
});

test('legal actions against every deterministic sparring bot; wins the match', () => {
  for (const name of ['rush', 'zerg', 'turtle', 'grow', 'timing4', 'timing7', 'copy', 'earlier', 'defender']) {
    const res = playMatch(factory(), sparring(name), { rounds: 60, onAction: checker([0]) });
    assert.equal(res.outcome, 1, name + ' ' + JSON.stringify(res.wins));
    assert.ok(res.wins[0] >= 48, name + ' won only ' + res.wins[0] + ' of 60');
  }
});

test('instance dropped after the last round, usable again', () => {
  const p = factory();
  const res = playMatch(p, sparring('zerg'), { rounds: 5, onAction: checker([0]) });
  assert.equal(res.rounds.length, 5);
  const again = playMatch(p, sparring('zerg'), { rounds: 5, onAction: checker([0]) });
  assert.ok(again.wins[0] >= 3, JSON.stringify(again.wins));
});

test('changing turns per round, bye dummy, both seats', () => {
  const res = playMatch(sparring('zerg'), factory(), { rounds: 12, turns: (n) => 1 + (n % 12), onAction: checker([1]) });
  assert.equal(res.rounds.length, 12);
  const bye = playMatch(factory(), {}, { rounds: 20, onAction: checker([0]) });
  assert.equal(bye.wins[0], 20);
});

test('hooks missing or garbage: never throws, still legal', () => {
  const p = factory();
  const odd = [undefined, null, 5, 'x', {}, [], { producers: 'abc', soldiers: NaN }, { producers: -4, soldiers: 1e308 },
    { producers: Infinity }, { get producers() { throw new Error('boom'); } }];
  for (const v of odd) {
    assert.doesNotThrow(() => p.onMatchStart(v));
    assert.doesNotThrow(() => p.onRoundStart(v));
    let a;
    assert.doesNotThrow(() => { a = p.playTurn(v); });
    assert.equal(typeof a.launchAttack, 'boolean');
    assert.ok(Number.isFinite(a.newProducers) && a.newProducers >= 0);
    assert.doesNotThrow(() => p.onRoundEnd(v));
    assert.doesNotThrow(() => p.onRoundEnd({ outcome: 'WIN', turnsPlayed: 3, you: v, them: v }));
  }
  // only playTurn called: rounds detected from the {1, 0} start state; with
  // no round results it plays the equilibrium, which still beats the turtle
  const q = factory();
  const res = playMatch({ meta: q.meta, playTurn: (s) => q.playTurn(s) }, sparring('turtle'),
    { rounds: 60, onAction: checker([0]) });
  assert.ok(res.wins[0] > res.wins[1], JSON.stringify(res.wins));
});

// Issue 15: an opponent that sends numeric strings, which the engine
// concatenates into its state ("21", "111"...; it cannot be beaten except
// at T = 2), then plays zerg in the same match: legal all along, never
// throws, and zerg is still learned and beaten.
test('numeric-string opponent, then zerg: legal, and the model still learns', () => {
  const z = sparring('zerg');
  let round = 0;
  const opp = {
    meta: { name: 'strings-then-zerg', author: 'test' },
    onRoundStart(rr) { round++; z.onRoundStart(rr); },
    playTurn(st) {
      if (round <= 40) return { newProducers: '1', newSoldiers: '1', launchAttack: false };
      return z.playTurn(st);
    },
    onRoundEnd(rr) { if (z.onRoundEnd) z.onRoundEnd(rr); }
  };
  const res = playMatch(factory(), opp, { rounds: 140, turns: (n) => 2 + (n % 11), onAction: checker([0]) });
  assert.equal(typeof res.rounds[30].sides[1].soldiers, 'string'); // the engine state is corrupted
  const late = res.rounds.slice(40).filter((r) => r.outcome === 1).length;
  assert.ok(late >= 95, 'won ' + late + ' of the 100 zerg rounds');
});

function referee(args) {
  const out = execFileSync('build/gameofdrones-referee', ['match'].concat(args), { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

test('same results as the C referee (native strategy, same seeds)', () => {
  for (const [opp, seed, rounds] of [['zerg', 3, 150], ['timing6', 4, 150], ['copy', 5, 150], ['earlier', 6, 100],
    ['defender', 7, 100]]) {
    const ref = referee(['--rounds', String(rounds), '--seed', String(seed), '--', 'dist', opp]);
    const res = withSeeds([seed * 2 + 1], () => playMatch(factory(), sparring(opp), { rounds: rounds }));
    assert.deepEqual([res.wins[0], res.wins[1], res.draws], [ref.scores[0], ref.scores[1], ref.draws], opp);
  }
  const seed = 8, ref = referee(['--rounds', '150', '--seed', String(seed), '--', 'dist', 'dist']);
  const res = withSeeds([seed * 2 + 1, seed * 2 + 2], () => playMatch(factory(), factory(), { rounds: 150 }));
  assert.deepEqual([res.wins[0], res.wins[1], res.draws], [ref.scores[0], ref.scores[1], ref.draws], 'self-play');
});
