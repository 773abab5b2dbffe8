import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from './messages.ts';
import {
  coordinatorSchema,
  findTeamQuerySchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  schoolCodeQuerySchema,
  schoolFieldsSchema,
  schoolJoinRequestSchema,
  schoolSignupRequestSchema,
  semesterSchema,
  teamJoinRequestSchema,
  userSignupFormSchema,
  userSignupSchema,
  userUpdateSchema,
} from './schemas.ts';

const CODE = 'Invalid school code (code must be 6 characters long)';
const SIGNUP_EMAIL = 'Please enter a valid email address';
const LOGIN_EMAIL = 'Invalid email address';
const TEAM_EMAIL = 'Invalid email';
const SHORT = 'Password must be at least 6 characters long';
const MISMATCH = 'Passwords do not match';

/** Every problem as "path: message", so a test says which field got which message. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const user = {
  first_name: 'Pat',
  last_name: 'Lee',
  email: 'pat@school.test',
  password: 'secret',
  verify_password: 'secret',
};

const school = {
  name: 'Lincoln Elementary',
  code: 'LINC01',
  time_zone: 'America/Denver',
  contact_name: 'Sam Rivera',
  contact_email: 'office@lincoln.test',
  contact_phone: '(303) 555-0100',
  address: '1 Main St',
  city: 'Denver',
  state: 'CO',
  zip_code: '80202',
};

describe('loginSchema', () => {
  it('accepts a valid email and a 6-character password', () => {
    expect(problems(loginSchema, { email: 'pat@school.test', password: '123456' })).toEqual([]);
  });
  it('says "Invalid email address" for an email that does not match the pattern', () => {
    for (const email of ['pat', 'pat@school', '@school.test', 'pat @school.test', '']) {
      expect(problems(loginSchema, { email, password: 'secret' })).toEqual([
        `email: ${LOGIN_EMAIL}`,
      ]);
    }
  });
  it('says the password must be at least 6 characters', () => {
    expect(problems(loginSchema, { email: 'pat@school.test', password: '12345' })).toEqual([
      `password: ${SHORT}`,
    ]);
    expect(problems(loginSchema, { email: 'pat@school.test', password: '' })).toEqual([
      `password: ${SHORT}`,
    ]);
  });
  it('reports both fields at once', () => {
    expect(problems(loginSchema, { email: 'x', password: 'x' })).toEqual([
      `email: ${LOGIN_EMAIL}`,
      `password: ${SHORT}`,
    ]);
  });
  it('trims and lower-cases the email', () => {
    expect(loginSchema.parse({ email: '  Pat@School.TEST ', password: 'secret' }).email).toBe(
      'pat@school.test',
    );
  });
  it('gives the SPEC messages when fields are missing altogether', () => {
    expect(problems(loginSchema, {})).toEqual([`email: ${LOGIN_EMAIL}`, `password: ${SHORT}`]);
  });
});

describe('forgotPasswordSchema', () => {
  it('says "Invalid email address" for a bad email', () => {
    expect(problems(forgotPasswordSchema, { email: 'pat' })).toEqual([`email: ${LOGIN_EMAIL}`]);
    expect(problems(forgotPasswordSchema, { email: 'pat@school.test' })).toEqual([]);
  });
});

describe('resetPasswordFormSchema', () => {
  it('accepts a matching password of at least 6 characters', () => {
    expect(
      problems(resetPasswordFormSchema, { password: 'secret', password_confirmation: 'secret' }),
    ).toEqual([]);
  });
  it('says "Passwords do not match" on the confirmation when they differ', () => {
    expect(
      problems(resetPasswordFormSchema, { password: 'secret1', password_confirmation: 'secret2' }),
    ).toEqual([`password_confirmation: ${MISMATCH}`]);
  });
  it('reports a short password and a mismatch together', () => {
    expect(
      problems(resetPasswordFormSchema, { password: 'abc', password_confirmation: 'abd' }),
    ).toEqual([`password: ${SHORT}`, `password_confirmation: ${MISMATCH}`]);
  });
});

describe('resetPasswordSchema', () => {
  const body = {
    token: 'abc',
    email: 'pat@school.test',
    password: 'secret',
    password_confirmation: 'secret',
  };
  it('accepts the token, email and matching passwords', () => {
    expect(problems(resetPasswordSchema, body)).toEqual([]);
  });
  it('refuses an empty token and a bad email', () => {
    expect(problems(resetPasswordSchema, { ...body, token: '' })).toHaveLength(1);
    expect(problems(resetPasswordSchema, { ...body, email: 'x' })).toEqual([
      `email: ${LOGIN_EMAIL}`,
    ]);
  });
  it('says "Passwords do not match" when the confirmation differs', () => {
    expect(problems(resetPasswordSchema, { ...body, password_confirmation: 'other1' })).toEqual([
      `password_confirmation: ${MISMATCH}`,
    ]);
  });
});

describe('userSignupSchema', () => {
  it('accepts a complete user', () => {
    expect(problems(userSignupSchema, user)).toEqual([]);
  });
  it('says "Please enter a valid email address" for a bad email', () => {
    expect(problems(userSignupSchema, { ...user, email: 'pat@school' })).toEqual([
      `email: ${SIGNUP_EMAIL}`,
    ]);
  });
  it('says the password must be at least 6 characters', () => {
    expect(
      problems(userSignupSchema, { ...user, password: '12345', verify_password: '12345' }),
    ).toEqual([`password: ${SHORT}`]);
  });
  it('says "Passwords do not match" on verify_password when they differ', () => {
    expect(problems(userSignupSchema, { ...user, verify_password: 'secreT' })).toEqual([
      `verify_password: ${MISMATCH}`,
    ]);
  });
  it('requires first and last names', () => {
    expect(problems(userSignupSchema, { ...user, first_name: ' ', last_name: '' })).toEqual([
      'first_name: First name is required',
      'last_name: Last name is required',
    ]);
  });
  it('needs no privacy agreement in the request body', () => {
    expect(problems(schoolJoinRequestSchema, { user, code: 'ABC123' })).toEqual([]);
    expect(problems(teamJoinRequestSchema, { user, captain_email: 'a@b.co' })).toEqual([]);
  });
  it('normalises the join proofs as their lookups do', () => {
    expect(schoolJoinRequestSchema.parse({ user, code: ' abc123 ' }).code).toBe('ABC123');
    expect(teamJoinRequestSchema.parse({ user, captain_email: ' A@B.Co' }).captain_email).toBe(
      'a@b.co',
    );
  });
});

describe('userSignupFormSchema', () => {
  it('requires the privacy agreement to be ticked', () => {
    expect(problems(userSignupFormSchema, user)).toHaveLength(1);
    expect(problems(userSignupFormSchema, user)[0]).toMatch(/^privacy: /);
    expect(problems(userSignupFormSchema, { ...user, privacy: false })[0]).toMatch(/^privacy: /);
  });
  it('accepts the form once the agreement is ticked', () => {
    expect(problems(userSignupFormSchema, { ...user, privacy: true })).toEqual([]);
  });
  it('uses the same messages as the request', () => {
    expect(
      problems(userSignupFormSchema, {
        ...user,
        email: 'x',
        password: '1',
        verify_password: '2',
        privacy: true,
      }),
    ).toEqual([`email: ${SIGNUP_EMAIL}`, `password: ${SHORT}`, `verify_password: ${MISMATCH}`]);
  });
});

describe('userUpdateSchema', () => {
  const { password: _p, verify_password: _v, ...names } = user;
  const current = { current_password: 'old-secret' };
  it('needs no privacy agreement', () => {
    expect(problems(userUpdateSchema, { ...user, ...current })).toEqual([]);
  });
  it('keeps the current password when the password is empty or left out, and needs no current one', () => {
    expect(problems(userUpdateSchema, { ...names, password: '', verify_password: '' })).toEqual([]);
    expect(problems(userUpdateSchema, names)).toEqual([]);
  });
  it('needs the current password to set a new one', () => {
    expect(problems(userUpdateSchema, user)).toEqual([
      `current_password: ${MESSAGES.currentPasswordRequired}`,
    ]);
    expect(problems(userUpdateSchema, { ...user, current_password: '' })).toEqual([
      `current_password: ${MESSAGES.currentPasswordRequired}`,
    ]);
  });
  it('still checks a new password’s length and its verification', () => {
    expect(
      problems(userUpdateSchema, { ...names, ...current, password: 'abc', verify_password: 'abc' }),
    ).toEqual([`password: ${SHORT}`]);
    expect(
      problems(userUpdateSchema, {
        ...names,
        ...current,
        password: 'secret1',
        verify_password: 'secret2',
      }),
    ).toEqual([`verify_password: ${MISMATCH}`]);
  });
  it('says "Please enter a valid email address" for a bad email', () => {
    expect(problems(userUpdateSchema, { ...names, email: 'nope' })).toEqual([
      `email: ${SIGNUP_EMAIL}`,
    ]);
  });
});

describe('schoolFieldsSchema', () => {
  it('accepts a complete school and stores the code upper-case', () => {
    const parsed = schoolFieldsSchema.parse({ ...school, code: 'linc01' });
    expect(parsed.code).toBe('LINC01');
  });
  it('says the code must be 6 characters when it is shorter or longer', () => {
    for (const code of ['', 'LINC1', 'LINC012', '   ABC12 ', 'AB-12', 'AB-1234']) {
      expect(problems(schoolFieldsSchema, { ...school, code })).toEqual([`code: ${CODE}`]);
    }
  });
  it('trims spaces around a code', () => {
    expect(schoolFieldsSchema.parse({ ...school, code: ' abc123 ' }).code).toBe('ABC123');
  });
  it('refuses a 6-character code with characters other than letters and digits', () => {
    expect(problems(schoolFieldsSchema, { ...school, code: 'AB-123' })).toEqual([
      'code: School code may only contain letters and digits',
    ]);
  });
  it('requires every field', () => {
    const fields = [
      'name',
      'code',
      'time_zone',
      'contact_name',
      'contact_email',
      'contact_phone',
      'address',
      'city',
      'state',
      'zip_code',
    ] as const;
    for (const field of fields) {
      const { [field]: _, ...rest } = school;
      expect(problems(schoolFieldsSchema, rest), field).toHaveLength(1);
      expect(problems(schoolFieldsSchema, rest)[0]).toMatch(new RegExp(`^${field}: `));
    }
  });
  it('accepts only the four US time zones', () => {
    expect(problems(schoolFieldsSchema, { ...school, time_zone: 'Europe/Paris' })).toHaveLength(1);
    for (const time_zone of [
      'America/Los_Angeles',
      'America/Denver',
      'America/Chicago',
      'America/New_York',
    ]) {
      expect(problems(schoolFieldsSchema, { ...school, time_zone })).toEqual([]);
    }
  });
  it('says "Please enter a valid email address" for a bad contact email', () => {
    expect(problems(schoolFieldsSchema, { ...school, contact_email: 'office' })).toEqual([
      `contact_email: ${SIGNUP_EMAIL}`,
    ]);
  });
});

describe('coordinatorSchema', () => {
  const coordinator = {
    first_name: 'Sam',
    last_name: 'Rivera',
    email: 'sam@lincoln.test',
    password: 'secret',
    password_confirmation: 'secret',
  };
  it('accepts a coordinator with matching passwords', () => {
    expect(problems(coordinatorSchema, coordinator)).toEqual([]);
  });
  it('says "Passwords do not match" on password_confirmation when they differ', () => {
    expect(
      problems(coordinatorSchema, { ...coordinator, password_confirmation: 'other1' }),
    ).toEqual([`password_confirmation: ${MISMATCH}`]);
  });
  it('takes part in the school sign-up request', () => {
    expect(problems(schoolSignupRequestSchema, { school, user: coordinator })).toEqual([]);
  });
});

describe('schoolCodeQuerySchema', () => {
  it('uses the same 6-character rule and message when joining', () => {
    expect(problems(schoolCodeQuerySchema, { code: 'ABC' })).toEqual([`code: ${CODE}`]);
    expect(schoolCodeQuerySchema.parse({ code: 'abc123' }).code).toBe('ABC123');
  });
});

describe('findTeamQuerySchema', () => {
  it('says "Invalid email" when there is no @', () => {
    expect(problems(findTeamQuerySchema, { email: 'captain' })).toEqual([`email: ${TEAM_EMAIL}`]);
    expect(problems(findTeamQuerySchema, {})).toEqual([`email: ${TEAM_EMAIL}`]);
  });
  it('accepts anything with an @ and lower-cases it', () => {
    expect(findTeamQuerySchema.parse({ email: ' Captain@School ' }).email).toBe('captain@school');
  });
});

describe('semesterSchema', () => {
  const semester = { start_date: '2025-09-01', end_date: '2026-01-15', points_needed: 1000 };
  it('accepts an interval whose start is before its end', () => {
    expect(problems(semesterSchema, semester)).toEqual([]);
  });
  it('refuses an end on or before the start', () => {
    expect(problems(semesterSchema, { ...semester, end_date: '2025-09-01' })).toEqual([
      'end_date: End date must be after the start date',
    ]);
    expect(problems(semesterSchema, { ...semester, end_date: '2025-08-31' })).toEqual([
      'end_date: End date must be after the start date',
    ]);
  });
  it('compares dates as dates across years', () => {
    expect(
      problems(semesterSchema, { ...semester, start_date: '2025-12-31', end_date: '2026-01-01' }),
    ).toEqual([]);
  });
  it('requires all three fields', () => {
    expect(problems(semesterSchema, {})).toHaveLength(3);
  });
  it('refuses dates that are not real ISO dates', () => {
    expect(problems(semesterSchema, { ...semester, start_date: '2025-02-30' })).toHaveLength(1);
    expect(problems(semesterSchema, { ...semester, start_date: '09/01/2025' })).toHaveLength(1);
  });
  it('needs a whole, positive number of points', () => {
    expect(problems(semesterSchema, { ...semester, points_needed: 0 })).toHaveLength(1);
    expect(problems(semesterSchema, { ...semester, points_needed: 1.5 })).toHaveLength(1);
    expect(problems(semesterSchema, { ...semester, points_needed: '1000' })).toHaveLength(1);
    expect(problems(semesterSchema, { ...semester, points_needed: 1 })).toEqual([]);
  });
});
