import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { invitationCounter } from './roster-figures.ts';

const mail = (to: string, subject: string) =>
  `From: Wellbank\nTo: ${to}\nSubject: ${subject}\n\nHi`;

it('counts the invitations to the roster, not the school’s own mail, and a file still being written later', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roster-figures-'));
  const outbox = join(dataDir, 'outbox');
  const counted = invitationCounter(dataDir);
  expect(counted()).toBe(0);
  mkdirSync(outbox);
  writeFileSync(join(outbox, '1.eml'), mail('carla@roster.example', 'Your Wellbank receipt'));
  writeFileSync(join(outbox, '2.eml'), mail('person0@roster.example', 'Join Roster Bench High'));
  writeFileSync(join(outbox, '3.eml'), '');
  writeFileSync(join(outbox, 'note.txt'), mail('person9@roster.example', 'Join'));
  expect(counted()).toBe(1);
  writeFileSync(join(outbox, '3.eml'), mail('person1@roster.example', 'Join Roster Bench High'));
  expect(counted()).toBe(2);
  expect(counted()).toBe(2);
});
