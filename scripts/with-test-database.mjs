#!/usr/bin/env node
// Runs a command (e.g. `vitest run --project api`) against the local PostgreSQL server instead of
// in-memory PGlite: each API test file then creates, migrates and drops its own database there.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-test-database.mjs <command> [args...]');
  process.exit(2);
}
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
};
console.log(`TEST_DATABASE_URL=${env.TEST_DATABASE_URL}`);
// `npx` finds vitest in node_modules/.bin; shell: false keeps the arguments intact.
const child = spawn('npx', ['--no-install', command, ...args], { env, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
