import { describe, expect, it } from 'vitest';
import { translate } from './i18n/server.ts';
import { POLICIES } from './policies.ts';
import { CONSENT_STATEMENTS, POLICY_SLUGS } from './policy-versions.ts';
import { REMINDER_MESSAGES } from './reminders.ts';
import { RETENTION_DEFAULTS } from './retention.ts';

const textOf = (slug: keyof typeof POLICIES) =>
  POLICIES[slug].sections
    .flatMap((section) => [
      section.heading,
      ...(section.paragraphs ?? []),
      ...(section.items ?? []),
    ])
    .join('\n');

describe('the privacy policy', () => {
  const privacy = textOf('privacy');

  it('states the retention schedule the server enforces', () => {
    expect(privacy).toContain(
      `${RETENTION_DEFAULTS.detailMonths} months after the end of your school's last finished interval`,
    );
    expect(privacy).toContain(
      `signed in to for ${RETENTION_DEFAULTS.inactiveMonths} months is deleted`,
    );
    expect(privacy).toContain(`Adults get an e-mail ${RETENTION_DEFAULTS.noticeDays} days before`);
  });

  it('names every recipient, and nobody else, and says nothing is loaded from other websites', () => {
    const recipients = POLICIES.privacy.sections.find(
      (section) => section.heading === 'Who else receives it',
    );
    expect(recipients?.items?.map((item) => item.split(/[ ,]/)[0])).toEqual([
      'Stripe',
      'The',
      'Sentry',
      'Nobody',
    ]);
    expect(privacy).toContain('no fonts, no analytics, no content networks');
    expect(privacy).toContain('e-mail addresses, names and sign-in tokens removed');
  });

  it('tells how to export, delete and reach the operator', () => {
    expect(privacy).toMatch(
      /download everything Wellbank holds about you, and delete your account/,
    );
    expect(privacy).toContain('replying to any e-mail Wellbank sends');
  });
});

describe('the agreement statement', () => {
  it('names each policy by its title, so the checkbox can link all three', () => {
    for (const slug of POLICY_SLUGS) {
      const title = POLICIES[slug].title.toLowerCase();
      expect(CONSENT_STATEMENTS.policies).toContain(title);
    }
  });
});

describe('the policies in Spanish', () => {
  it('has Spanish for every heading, paragraph and item, the numbers in place', () => {
    for (const policy of Object.values(POLICIES)) {
      for (const section of policy.sections) {
        for (const text of [
          section.heading,
          ...(section.paragraphs ?? []),
          ...(section.items ?? []),
        ])
          expect(translate('es', text), text).not.toBe(text);
      }
    }
    const privacy = POLICIES.privacy.sections.flatMap((s) => s.items ?? []);
    expect(privacy.map((text) => translate('es', text))).toContain(
      `Una cuenta en la que nadie inicia sesión durante ${RETENTION_DEFAULTS.inactiveMonths} meses se elimina con todo lo que registró. Los adultos reciben un correo ${RETENTION_DEFAULTS.noticeDays} días antes; si inician sesión, la cuenta se queda. La cuenta del coordinador de una escuela solo se elimina junto con la escuela.`,
    );
  });

  it('names the reminders section of the profile in Spanish', () => {
    expect(translate('es', REMINDER_MESSAGES.sectionTitle)).toBe('Recordatorios');
  });
});
