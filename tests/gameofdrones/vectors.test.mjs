// vectors.test.mjs -- the spec's engine vectors (section 6, all 16) and its
// framework-level vectors, played through our framework emulation
// (harness.mjs), checking the harness against the spec before it judges
// dist/gameofdrones.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import { playMatch, script } from './harness.mjs';

function one(a, b, turns, extra) {
  return playMatch(script(a), script(b), Object.assign({ rounds: 1, turns: turns || 10 }, extra || {})).rounds[0];
}
const P9 = ['P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P'];

test('v01-v04 zerg', () => {
  let r = one(['S', 'SA'], ['P']);
  assert.equal(r.outcome, 1); assert.equal(r.turns, 2);
  assert.deepEqual(r.sides, [{ producers: 1, soldiers: 2 }, { producers: 4, soldiers: 0 }]);
  r = one(['S', 'SA'], ['S', 'P']);
  assert.equal(r.outcome, -1); assert.deepEqual(r.sides[1], { producers: 2, soldiers: 1 });
  r = one(['S', 'SA'], ['P', 'S']);
  assert.equal(r.outcome, -1); assert.deepEqual(r.sides[1], { producers: 2, soldiers: 2 });
  r = one(['S', 'SA'], ['S', 'SA']);
  assert.equal(r.outcome, 0); assert.equal(r.turns, 2);
});

test('v05 field 0 vs 1', () => {
  const r = one([{ launchAttack: true }], ['SA']);
  assert.equal(r.outcome, -1); assert.equal(r.turns, 1);
});

test('v06-v07 producers never count, last-turn attack loses', () => {
  let r = one(P9.concat(['S']), P9.slice(0, 8).concat(['S', 'S']));
  assert.equal(r.outcome, 0); assert.equal(r.turns, 10);
  assert.deepEqual(r.sides, [{ producers: 512, soldiers: 512 }, { producers: 256, soldiers: 512 }]);
  r = one(P9.concat(['SA']), P9.slice(0, 8).concat(['S', 'S']));
  assert.equal(r.outcome, -1);
});

test('v08-v10 clamping, fractions, junk', () => {
  let r = one([{ newProducers: 5, newSoldiers: 5 }, { newProducers: 1, newSoldiers: 5 }], [{}]);
  assert.equal(r.outcome, 1); assert.deepEqual(r.sides[0], { producers: 11, soldiers: 35 });
  r = one([{ newProducers: 0.5, newSoldiers: 0.5 }, { newSoldiers: 1.5 }], [{}]);
  assert.equal(r.outcome, 1); assert.deepEqual(r.sides[0], { producers: 1.5, soldiers: 14 });
  r = one([{ newProducers: -3, newSoldiers: NaN }, null, { newProducers: 'abc' }], [{ launchAttack: 'yes' }]);
  assert.equal(r.outcome, 0); assert.equal(r.turns, 10);
  assert.deepEqual(r.sides, [{ producers: 1, soldiers: 0 }, { producers: 1, soldiers: 0 }]);
});

test('v11-v14 attack flags and bonus', () => {
  let r = one(['S', { newSoldiers: 1, launchAttack: 1 }], ['P']);
  assert.equal(r.outcome, 1); assert.equal(r.turns, 2);
  r = one(['S', { newSoldiers: 1, launchAttack: 2 }], ['P']);
  assert.equal(r.outcome, 1); assert.equal(r.turns, 10); assert.deepEqual(r.sides[1], { producers: 1024, soldiers: 0 });
  r = one(['S', 'S', { newSoldiers: 1, launchAttack: true }], ['P', { newSoldiers: 1 }]);
  assert.equal(r.outcome, -1); assert.equal(r.turns, 3);
  r = one(['P', 'S', 'SA'], ['P', { newSoldiers: 1 }]);
  assert.equal(r.outcome, 1); assert.equal(r.turns, 3);
});

test('v15-v16 turns 3, configured bonus only reported', () => {
  let r = one(['P'], ['P', 'P', 'S'], 3);
  assert.equal(r.outcome, -1); assert.equal(r.turns, 3); assert.deepEqual(r.sides[1], { producers: 4, soldiers: 4 });
  let seen = null;
  const spy = script(['P', 'S', 'SA']);
  spy.onRoundStart = (rr) => { seen = rr; };
  const res = playMatch(spy, script(['P', { newSoldiers: 1 }]), { rounds: 1, turns: 10, defenderBonus: 5 });
  assert.equal(res.rounds[0].outcome, 1);
  assert.deepEqual(seen, { turns: 10, defenderBonus: 5 });
});

test('framework: spy call sequence and shapes', () => {
  const log = [];
  const spy = {
    meta: { name: 'spy', author: 't' },
    onMatchStart: (m) => log.push(['match', m]),
    onRoundStart: (r) => log.push(['round', r]),
    playTurn: (s) => { log.push(['turn', s]); return { newProducers: 1 }; },
    onRoundEnd: (r) => log.push(['end', r])
  };
  playMatch(spy, {}, { rounds: 1, turns: 2 });
  assert.deepEqual(log, [
    ['match', { rounds: 1, drawAllowed: true }], ['round', { turns: 2, defenderBonus: 1 }],
    ['turn', { producers: 1, soldiers: 0 }], ['turn', { producers: 2, soldiers: 0 }],
    ['end', { outcome: 'WIN', turnsPlayed: 2, you: { producers: 3, soldiers: 0, launchedAttack: false },
      them: { producers: 1, soldiers: 0 } }]]);
});

test('framework: missing-action quirk', () => {
  assert.equal(one(['P'], [undefined]).outcome, 1);
  const s9 = ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'S'];
  assert.equal(one(s9.concat([null]), [{ newSoldiers: 1 }]).outcome, 1);
  assert.equal(one(s9.concat([0]), [{ newSoldiers: 1 }]).outcome, -1);
  assert.equal(one([undefined], [undefined]).outcome, 0);
});

test('framework: turns as a function, drawn match', () => {
  const seen = [];
  const b = script(['P']);
  b.onRoundStart = (rr) => seen.push(rr.turns);
  playMatch(b, script(['P']), { rounds: 3, turns: (n) => n + 1 });
  assert.deepEqual(seen, [2, 3, 4]);
  const res = playMatch(script(['P']), script(['P']), { rounds: 2 });
  assert.equal(res.outcome, 0); assert.deepEqual(res.wins, [0, 0]); assert.equal(res.draws, 2);
});
