// harness.mjs -- our emulation of the contest framework's Match/Round for
// GameOfDrones (games/gameofdrones/README.md): it calls bot
// objects exactly as the framework does (factory per match, hooks in the
// spec's order, fresh {producers, soldiers} copies, p1 before p2) and
// applies the engine's arithmetic on raw JS values (`> 0` tests, clamping,
// `== true` attack test, the raw "is attacking" value and its seat quirk).
// Invariant: this file is written from the spec, not from the C engine, so
// agreeing with build/gameofdrones-referee is a cross-check of both.

export function applyAction(side, action) {
  const C = side.producers;
  const rx = action && action.newProducers > 0 ? action.newProducers : 0;
  const ry = action && action.newSoldiers > 0 ? action.newSoldiers : 0;
  const x = rx < C ? rx : C;
  const left = C - x;
  const y = ry < left ? ry : left;
  side.producers += x;
  side.soldiers += y;
}

// The engine's attack test: the raw falsy action itself, or a boolean.
export function isAttacking(action) {
  return action && action.launchAttack == true;
}

// Outcome for player 1 (+1, 0, -1) from the two raw attack values.
export function clash(s1, s2, a1, a2) {
  if (a1 == a2) return s1 > s2 ? 1 : (s1 < s2 ? -1 : 0);
  if (a1) return s1 > s2 + 1 ? 1 : -1;
  return s2 > s1 + 1 ? -1 : 1;
}

const NAMES = { 1: 'WIN', 0: 'DRAW', '-1': 'LOSE' };

function call(bot, name, arg) {
  if (bot && typeof bot[name] === 'function') return bot[name](arg);
  return undefined;
}

// Plays one match. opts: rounds, turns (number or function of the 1-based
// round counter), defenderBonus (reported only), drawAllowed, onAction
// (seat, state, action, turn, T) for checks. Returns {wins:[a,b], draws,
// outcome: +1/0/-1 for p1, rounds:[{outcome, turns, sides}]}.
export function playMatch(p1, p2, opts) {
  const o = Object.assign({ rounds: 10, turns: 10, defenderBonus: 1, drawAllowed: true }, opts || {});
  const bots = [p1, p2];
  const matchRules = { rounds: o.rounds, drawAllowed: o.drawAllowed };
  bots.forEach((b) => call(b, 'onMatchStart', matchRules));
  const res = { wins: [0, 0], draws: 0, rounds: [] };
  for (let r = 1; r <= o.rounds; r++) {
    const T = typeof o.turns === 'function' ? o.turns(r) : o.turns;
    const roundRules = { turns: T, defenderBonus: o.defenderBonus };
    bots.forEach((b) => call(b, 'onRoundStart', roundRules));
    const sides = [{ producers: 1, soldiers: 0 }, { producers: 1, soldiers: 0 }];
    let turn = 0, out = 0, att = [false, false];
    for (;;) {
      turn++;
      const acts = bots.map((b, i) => {
        const state = { producers: sides[i].producers, soldiers: sides[i].soldiers };
        const a = call(b, 'playTurn', state);
        if (o.onAction) o.onAction(i, state, a, turn, T);
        return a;
      });
      acts.forEach((a, i) => applyAction(sides[i], a));
      att = acts.map(isAttacking);
      if (att[0] || att[1] || turn >= T) {
        out = clash(sides[0].soldiers, sides[1].soldiers, att[0], att[1]);
        break;
      }
    }
    if (out > 0) res.wins[0]++;
    else if (out < 0) res.wins[1]++;
    else res.draws++;
    res.rounds.push({ outcome: out, turns: turn, sides: sides.map((s) => Object.assign({}, s)), att: att.slice() });
    bots.forEach((b, i) => {
      const you = { producers: sides[i].producers, soldiers: sides[i].soldiers };
      const them = { producers: sides[1 - i].producers, soldiers: sides[1 - i].soldiers };
      if (att[i] !== undefined) you.launchedAttack = att[i];
      if (att[1 - i] !== undefined) them.launchedAttack = att[1 - i];
      const mine = i === 0 ? out : -out;
      call(b, 'onRoundEnd', { outcome: NAMES[mine], turnsPlayed: turn, you: you, them: them });
    });
  }
  res.outcome = res.wins[0] > res.wins[1] ? 1 : (res.wins[0] < res.wins[1] ? -1 : 0);
  return res;
}

// A scripted bot: step i of the list (the last repeats); a step is an
// action value or one of 'P', 'S', 'SA' (all producers / soldiers / + attack).
export function script(steps) {
  let t = 0;
  return {
    meta: { name: 'script', author: 'test' },
    onRoundStart() { t = 0; },
    playTurn(st) {
      const s = steps[Math.min(t++, steps.length - 1)];
      if (s === 'P') return { newProducers: st.producers, newSoldiers: 0, launchAttack: false };
      if (s === 'S') return { newProducers: 0, newSoldiers: st.producers, launchAttack: false };
      if (s === 'SA') return { newProducers: 0, newSoldiers: st.producers, launchAttack: true };
      return s;
    }
  };
}

// JavaScript ports of the referee's deterministic sparring bots (spar.h).
export function sparring(name) {
  let T = 10, turn = 0, attackTurn = 0, oppLast = 0, defendTurn = 5;
  const m = /^timing([2-9])$/.exec(name);
  const kind = m ? 'timing' : name;
  const param = m ? +m[1] : 0;
  return {
    meta: { name: name, author: 'test' },
    onRoundStart(rr) {
      T = rr.turns; turn = 0;
      if (kind === 'rush') attackTurn = 1;
      else if (kind === 'zerg') attackTurn = 2;
      else if (kind === 'timing') attackTurn = param;
      else if (kind === 'copy') attackTurn = oppLast ? oppLast : 5;
      else if (kind === 'earlier') attackTurn = oppLast > 2 ? oppLast - 1 : (oppLast ? 2 : 5);
      else attackTurn = 0;
      defendTurn = oppLast ? oppLast : 5;
    },
    playTurn(st) {
      const t = ++turn, P = st.producers;
      if (kind === 'grow') return t <= T - 2 ? { newProducers: P, newSoldiers: 0, launchAttack: false }
        : { newProducers: 0, newSoldiers: P, launchAttack: false };
      if (kind === 'defender') return t < defendTurn ? { newProducers: P, newSoldiers: 0, launchAttack: false }
        : { newProducers: 0, newSoldiers: P, launchAttack: false };
      if ((kind === 'timing' || kind === 'copy' || kind === 'earlier') && t <= attackTurn - 2)
        return { newProducers: P, newSoldiers: 0, launchAttack: false };
      return { newProducers: 0, newSoldiers: P, launchAttack: t === attackTurn };
    },
    onRoundEnd(res) { if (res.them.launchedAttack === true) oppLast = res.turnsPlayed; }
  };
}
