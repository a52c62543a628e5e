// run_node.mjs -- runs the GameOfDrones node tests (vectors.test.mjs,
// bot.test.mjs) with Node's built-in test runner and prints the project's
// summary line "N passed, N failed" (tests/tally.py reads it). Run from the
// repository root; it copies dist/gameofdrones.js to an .mjs file under
// build/ so Node loads the ES module as the framework's Babel would.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

mkdirSync('build/gameofdrones-js', { recursive: true });
copyFileSync('dist/gameofdrones.js', 'build/gameofdrones-js/gameofdrones.mjs');
const env = Object.assign({}, process.env, { GOD_BOT: resolve('build/gameofdrones-js/gameofdrones.mjs') });
const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=1',
  'tests/gameofdrones/vectors.test.mjs', 'tests/gameofdrones/bot.test.mjs'], { env: env, encoding: 'utf8' });
const out = (r.stdout || '') + (r.stderr || '');
let pass = 0, fail = 0;
for (const line of out.split('\n')) {
  if (/^(not )?ok \d+ /.test(line) || /^    (not )?ok \d+ /.test(line)) process.stdout.write(line + '\n');
  if (/^# (pass|fail) \d+/.test(line)) process.stdout.write(line + '\n');
  let m = /^# pass (\d+)/.exec(line);
  if (m) pass = +m[1];
  m = /^# fail (\d+)/.exec(line);
  if (m) fail = +m[1];
}
if (r.status !== 0 && fail === 0) {
  process.stdout.write(out);
  fail = 1;
}
if (fail > 0) process.stdout.write(out.split('\n').filter((l) => /not ok|error|expected|actual|Error/.test(l)).slice(0, 40).join('\n') + '\n');
process.stdout.write(pass + ' passed, ' + fail + ' failed\n');
process.exit(fail === 0 && pass > 0 ? 0 : 1);
