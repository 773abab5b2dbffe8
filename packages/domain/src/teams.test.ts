import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, teamNameFor, teamRenameSchema } from './teams.ts';

const parse = (name: unknown) => teamRenameSchema.safeParse({ name });

describe('teamNameFor', () => {
  it('is the first name and the last initial', () => {
    expect(teamNameFor('Ava', 'lee')).toBe('Ava L.');
  });
});

describe('teamRenameSchema', () => {
  it('trims and folds spaces', () => {
    expect(parse('  The \t  Rockets ').data).toEqual({ name: 'The Rockets' });
  });

  it.each([
    [undefined, TEAM_MESSAGES.nameRequired],
    ['   ', TEAM_MESSAGES.nameRequired],
    ['x'.repeat(51), TEAM_MESSAGES.nameTooLong],
    ['?!', TEAM_MESSAGES.nameNeedsLetter],
    ['a\u0000b', TEAM_MESSAGES.nameControl],
  ])('refuses %j', (name, message) => {
    expect(parse(name).error?.issues[0]?.message).toBe(message);
  });

  it('takes 50 characters and letters of any script', () => {
    expect(parse('x'.repeat(50)).success).toBe(true);
    expect(parse('Équipe 7').success).toBe(true);
    expect(parse('チーム').success).toBe(true);
  });
});
