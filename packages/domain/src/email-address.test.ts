import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_MESSAGES, normaliseEmail } from './email-address.ts';
import { MESSAGES } from './messages.ts';
import { loginSchema, userNameFields, userSignupSchema, userUpdateFormSchema } from './schemas.ts';

const user = {
  first_name: 'Pat',
  last_name: 'Lee',
  password: 'secret',
  verify_password: 'secret',
};

describe('normaliseEmail', () => {
  it('trims, lower-cases and drops the trailing dot DNS ignores', () => {
    expect(normaliseEmail('  Pat.Lee@School.ORG. ')).toBe('pat.lee@school.org');
    expect(normaliseEmail('pat@school.org..')).toBe('pat@school.org');
  });
});

describe('the e-mail of a sign-up or profile', () => {
  it('is stored normalised, so one mailbox has one spelling', () => {
    const parsed = userSignupSchema.parse({ ...user, email: ' Pat@School.Org. ' });
    expect(parsed.email).toBe('pat@school.org');
  });

  it('refuses a letter from another alphabet with a message saying what to do', () => {
    // A Cyrillic "ѕ" (U+0455) in place of the Latin "s".
    const result = userNameFields.email.safeParse('\u0455am@school.org');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ACCOUNT_EMAIL_MESSAGES.notAscii);
  });

  it('still lets a login use an address stored before the rule, normalised the same way', () => {
    expect(loginSchema.parse({ email: '\u0455am@school.org.', password: 'secret' }).email).toBe(
      '\u0455am@school.org',
    );
    expect(
      loginSchema.safeParse({ email: 'nope.', password: 'secret' }).error?.issues[0]?.message,
    ).toBe(MESSAGES.invalidEmailLogin);
  });
});

describe('userUpdateFormSchema', () => {
  const profile = { first_name: 'Pat', last_name: 'Lee', email: 'pat@school.org' };

  it('asks for the current password when the address changes, not when it stays', () => {
    const schema = userUpdateFormSchema('pat@school.org');
    expect(schema.safeParse({ ...profile, email: ' PAT@school.org. ' }).success).toBe(true);
    const changed = schema.safeParse({ ...profile, email: 'lee@school.org' });
    expect(changed.error?.issues.map((issue) => issue.message)).toEqual([
      ACCOUNT_EMAIL_MESSAGES.currentPasswordForEmail,
    ]);
    const proved = { ...profile, email: 'lee@school.org', current_password: 'secret' };
    expect(schema.safeParse(proved).success).toBe(true);
  });
});
