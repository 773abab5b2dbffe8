import { describeAuditEntry, offlineBannerText, translateText } from '@wellbank/domain';
import { catalogOf } from '@wellbank/domain/i18n/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainSpeaker } from './domain-speaker';
import { domainText } from './domain-text';

const entry = {
  id: 1,
  at: '2026-11-23T22:41:00.000Z',
  action: 'role.switch' as const,
  actor: null,
  target: { kind: 'user' as const, id: 9, name: 'Sam Ray' },
  detail: 'student',
  client_address: null,
};

describe('domainSpeaker', () => {
  // What loading another language's catalogs does (./language.ts).
  beforeAll(() => setTranslator());

  it('writes an audit entry in Spanish when Spanish is active', () => {
    expect(describeAuditEntry(entry, domainSpeaker(catalogOf('es')))).toBe(
      'Alguien pasó a Sam Ray a estudiante',
    );
    expect(domainText(catalogOf('es'), offlineBannerText('19:42'))).toBe(
      'Sin conexión — mostrando lo guardado a las 19:42',
    );
  });

  it('writes SPEC.md’s English as it is when English is active', () => {
    expect(describeAuditEntry(entry, domainSpeaker(catalogOf('en')))).toBe(
      'Someone made Sam Ray a student',
    );
  });
});

async function setTranslator() {
  const { setDomainTranslator } = await import('./domain-text');
  setDomainTranslator(translateText);
}
