import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry, consentAuditDetail, describeAuditEntry } from './audit.ts';
import { speakerOf } from './i18n/server.ts';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-23T22:41:00.000Z',
  action: 'sign_in.succeeded',
  actor: { id: 7, name: 'Ann Lee' },
  target: null,
  detail: null,
  client_address: '203.0.113.7',
  ...overrides,
});

describe('describeAuditEntry', () => {
  it('names the actor and says what they did in plain words', () => {
    expect(describeAuditEntry(entry({}))).toBe('Ann Lee signed in');
    const target = { kind: 'user' as const, id: 9, name: 'Sam Ray' };
    expect(describeAuditEntry(entry({ action: 'role.switch', target, detail: 'staff' }))).toBe(
      'Ann Lee made Sam Ray staff',
    );
    expect(describeAuditEntry(entry({ action: 'role.switch', target, detail: 'student' }))).toBe(
      'Ann Lee made Sam Ray a student',
    );
    expect(describeAuditEntry(entry({ action: 'coordinator.add', target }))).toBe(
      'Ann Lee made Sam Ray a coordinator',
    );
    expect(describeAuditEntry(entry({ action: 'coordinator.remove', target }))).toBe(
      'Ann Lee removed Sam Ray as a coordinator',
    );
  });

  it('says "deleted user" for a person whose account is gone, and "Someone" for no actor', () => {
    const gone = { kind: 'user' as const, id: 9, name: null };
    expect(describeAuditEntry(entry({ action: 'sign_in.failed', actor: null, target: gone }))).toBe(
      'Someone failed to sign in as deleted user',
    );
    expect(describeAuditEntry(entry({ actor: { id: 7, name: null } }))).toBe(
      'deleted user signed in',
    );
  });

  it('names an interval by its dates, and a thing that is gone by its id', () => {
    const semester = { kind: 'semester' as const, id: 3, name: '01/06/2031 to 05/30/2031' };
    expect(describeAuditEntry(entry({ action: 'semester.create', target: semester }))).toBe(
      'Ann Lee created the interval 01/06/2031 to 05/30/2031',
    );
    const team = { kind: 'team' as const, id: 4, name: null };
    expect(describeAuditEntry(entry({ action: 'view.team_members', target: team }))).toBe(
      'Ann Lee viewed the members of team #4',
    );
  });

  it('says which agreement a consent entry records, and to which text version', () => {
    const school = consentAuditDetail(['parental_consent', 'policies'], '2026-11-23');
    expect(describeAuditEntry(entry({ action: 'consent.agree', detail: school }))).toBe(
      'Ann Lee attested parental consent and agreed to the policies (version 2026-11-23)',
    );
    const user = consentAuditDetail(['policies'], '2026-11-23');
    expect(describeAuditEntry(entry({ action: 'consent.agree', detail: user }))).toBe(
      'Ann Lee agreed to the policies (version 2026-11-23)',
    );
  });
});

describe('describeAuditEntry in Spanish', () => {
  const es = speakerOf('es');
  const sam = { kind: 'user' as const, id: 9, name: 'Sam Ray' };

  it('writes every action in Spanish, names as they are', () => {
    expect(describeAuditEntry(entry({}), es)).toBe('Ann Lee inició sesión');
    expect(
      describeAuditEntry(entry({ action: 'role.switch', target: sam, detail: 'staff' }), es),
    ).toBe('Ann Lee pasó a Sam Ray al personal');
    expect(describeAuditEntry(entry({ action: 'coordinator.add', target: sam }), es)).toBe(
      'Ann Lee hizo coordinador a Sam Ray',
    );
    expect(describeAuditEntry(entry({ action: 'coordinator.remove', target: sam }), es)).toBe(
      'Ann Lee quitó a Sam Ray como coordinador',
    );
    expect(describeAuditEntry(entry({ action: 'view.student_points' }), es)).toBe(
      'Ann Lee vio una página de Puntos de estudiantes',
    );
    const renamed = {
      action: 'team.rename' as const,
      target: { kind: 'team' as const, id: 4, name: 'Owls' },
    };
    expect(describeAuditEntry(entry({ ...renamed, detail: 'Cats' }), es)).toBe(
      'Ann Lee cambió el nombre de su equipo de Cats a Owls',
    );
    expect(describeAuditEntry(entry({ action: 'roster.import', detail: '3;1;0;2' }), es)).toBe(
      'Ann Lee importó una lista: 3 invitados, 0 creados sin correo, 1 ya eran miembros, 0 ya tenían invitación, 2 rechazados',
    );
  });

  it('says "Alguien" and "usuario eliminado" in Spanish', () => {
    const gone = { kind: 'user' as const, id: 9, name: null };
    expect(
      describeAuditEntry(entry({ action: 'sign_in.failed', actor: null, target: gone }), es),
    ).toBe('Alguien no pudo iniciar sesión como usuario eliminado');
  });

  it('says which agreement a consent entry records, in Spanish', () => {
    const detail = consentAuditDetail(['parental_consent', 'policies'], '2026-11-23');
    expect(describeAuditEntry(entry({ action: 'consent.agree', detail }), es)).toBe(
      'Ann Lee confirmó el permiso de los padres y aceptó las políticas (versión 2026-11-23)',
    );
  });

  it('has a Spanish sentence for every action', () => {
    for (const action of AUDIT_ACTIONS) {
      const text = describeAuditEntry(entry({ action, target: sam, detail: 'x' }), es);
      expect(text, action).not.toBe(
        describeAuditEntry(entry({ action, target: sam, detail: 'x' })),
      );
    }
  });
});
