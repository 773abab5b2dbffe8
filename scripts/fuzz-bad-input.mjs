#!/usr/bin/env node
// The generated bad-input suite (apps/api/src/security/bad-input.test.ts) under several seeds, as
// CI runs it after `npm test`: three fixed seeds, so that a fault they once found stays found, and
// a fresh one, so that every run also looks somewhere new. FC_SEED=<printed seed> replays a run.
import { spawnSync } from 'node:child_process';

const SUITE = 'apps/api/src/security/bad-input.test.ts';
const FIXED_SEEDS = [
  797030276, // an extra key drawn twice for one object made the generator throw
  1,
  20261117,
];
const seeds = [...FIXED_SEEDS, Math.floor(Math.random() * 2 ** 31)];

for (const seed of seeds) {
  console.log(`\nbad-input with FC_SEED=${seed}`);
  const run = spawnSync('npx', ['--no-install', 'vitest', 'run', '--project', 'api', SUITE], {
    env: { ...process.env, FC_SEED: String(seed) },
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`bad-input failed with FC_SEED=${seed}`);
    process.exit(1);
  }
}
