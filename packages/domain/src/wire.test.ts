import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  publicSchoolSchema,
  publicTeamSchema,
  schoolSignupResponseSchema,
  sessionRecordSchema,
  userRecordSchema,
} from './wire.ts';

const record = {
  id: 7,
  first_name: 'Pat',
  last_name: 'Lee',
  email: 'pat@school.test',
  points: 120,
  needs_team_payment: false,
  needs_subscription_payment: true,
  school: { id: 3, name: 'Lincoln Elementary' },
  user_school_roles: [{ role: { name: 'student' } }],
  roles: ['student'],
  team_id: 11,
  school_purge_after: null,
  homeroom: null,
  language: 'en',
  stress_check_in: true,
  is_counsellor: false,
};

describe('userRecordSchema', () => {
  it('reads the session record of DESIGN §2 without a token', () => {
    expect(userRecordSchema.parse(record)).toEqual(record);
  });
  it('allows a user without a team', () => {
    expect(userRecordSchema.safeParse({ ...record, team_id: null }).success).toBe(true);
  });
  it('refuses a role it does not know', () => {
    expect(userRecordSchema.safeParse({ ...record, roles: ['owner'] }).success).toBe(false);
  });
  it('drops fields that are not part of the record', () => {
    expect(userRecordSchema.parse({ ...record, password_hash: 'x' })).not.toHaveProperty(
      'password_hash',
    );
  });
});

describe('sessionRecordSchema', () => {
  it('adds the bearer token', () => {
    expect(sessionRecordSchema.parse({ ...record, token: 'abc' }).token).toBe('abc');
    expect(sessionRecordSchema.safeParse(record).success).toBe(false);
  });
});

describe('schoolSignupResponseSchema', () => {
  it('wraps the session record in user', () => {
    expect(schoolSignupResponseSchema.safeParse({ user: { ...record, token: 't' } }).success).toBe(
      true,
    );
  });
});

describe('publicSchoolSchema and publicTeamSchema', () => {
  it('carry only ids and names', () => {
    const team = { id: 1, name: 'Pat L.', school: { id: 3, name: 'Lincoln', code: 'LINC01' } };
    expect(publicTeamSchema.parse(team)).toEqual({
      id: 1,
      name: 'Pat L.',
      school: { id: 3, name: 'Lincoln' },
    });
    expect(publicSchoolSchema.parse({ id: 3, name: 'Lincoln', contact_email: 'x@y.z' })).toEqual({
      id: 3,
      name: 'Lincoln',
    });
  });
});

describe('errorBodySchema', () => {
  it('reads {error: message}', () => {
    expect(errorBodySchema.parse({ error: 'Not found' })).toEqual({ error: 'Not found' });
  });
});
