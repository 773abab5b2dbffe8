import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoToLocalDate } from '../date-formats.ts';
import { localDateToIso } from '../dates.ts';
import { formatCount } from '../format.ts';
import { formatCents } from '../money.ts';
import { negotiateLanguage } from './languages.ts';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['ES-us', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr-FR,es;q=0.5', 'es'],
    ['en;q=0.2,es;q=0.8', 'es'],
    ['es;q=0', 'en'],
    ['*', 'en'],
    ['es;q=junk,en', 'en'],
    [';;;,,,', 'en'],
  ])('reads %j as %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });

  it('never throws and always answers a language we speak', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect(['en', 'es']).toContain(negotiateLanguage(header));
      }),
    );
  });
});

describe('formats per language', () => {
  it('writes dollars as es-US Intl does, which for US dollars is en-US’s "$4.00"', () => {
    expect(formatCents(400, 'es')).toBe('$4.00');
    expect(formatCents(-125, 'es')).toBe('-$1.25');
    expect(formatCents(123456, 'es')).toBe('$1,234.56');
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const intl = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' });
        expect(formatCents(cents, 'es')).toBe(intl.format(cents / 100));
        expect(formatCents(cents)).toBe(formatCents(cents, 'en'));
      }),
    );
  });

  it('writes whole numbers with es-US separators', () => {
    expect(formatCount(1234567, 'es')).toBe('1,234,567');
    expect(formatCount(-0.4, 'es')).toBe('0');
  });

  it('writes dates mm/dd/yyyy in English (SPEC.md) and dd/mm/aaaa in Spanish', () => {
    expect(isoToLocalDate('2026-03-05')).toBe('03/05/2026');
    expect(isoToLocalDate('2026-03-05', 'es')).toBe('05/03/2026');
    expect(localDateToIso('05/03/2026', 'es')).toBe('2026-03-05');
    expect(localDateToIso('5/3/2026', 'es')).toBe('2026-03-05');
    expect(localDateToIso('13/31/2026', 'es')).toBeUndefined();
    expect(localDateToIso('31/12/2026', 'es')).toBe('2026-12-31');
    expect(localDateToIso('31/12/2026', 'en')).toBeUndefined();
  });

  it('reads back every date it writes, in both languages', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        fc.constantFrom('en' as const, 'es' as const),
        (date, language) => {
          const iso = date.toISOString().slice(0, 10);
          expect(localDateToIso(isoToLocalDate(iso, language), language)).toBe(iso);
        },
      ),
    );
  });

  it('writes Spanish dates as es-US Intl orders them', () => {
    const intl = new Intl.DateTimeFormat('es-US', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(isoToLocalDate('2026-03-05', 'es')).toBe(intl.format(new Date('2026-03-05')));
  });
});
