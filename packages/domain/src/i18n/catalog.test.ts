import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';
import { parsePo, speakerOf, translate } from './server.ts';
import { englishText, readText, textTemplates } from './texts.ts';

/**
 * The domain catalog (packages/domain/locales): every entry has its Spanish, with the same
 * placeholders, and every text with values is read back from its English into its values.
 * (The web's catalog has its own test; this one is the domain's part.)
 */
const source = (language: string) =>
  readFileSync(new URL(`../../locales/${language}.po`, import.meta.url), 'utf8');
const english = parsePo(source('en'));
const spanish = parsePo(source('es'));

const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

describe('the domain catalog', () => {
  it('has a Spanish translation for every entry, with the same placeholders', () => {
    const ids = Object.keys(english);
    expect(ids.length).toBeGreaterThan(250);
    const untranslated = ids.filter((id) => !spanish[id]);
    expect(untranslated).toEqual([]);
    for (const id of ids)
      expect([id, placeholders(spanish[id] ?? '')]).toEqual([id, placeholders(id)]);
  });

  it('holds every MESSAGES text and every template (run `npm run i18n:extract` if not)', () => {
    const texts = [
      ...Object.values(domain.MESSAGES).filter((text) => text !== 'Wellbank'),
      ...Object.values(domain.DISTRICT_SIGN_IN_ERROR_TEXTS),
    ];
    const missing = [...texts, ...textTemplates().map((t) => t.id)].filter((id) => !english[id]);
    expect(missing).toEqual([]);
  });

  it('translates a text with values, its label too, in Spanish only', () => {
    const text = domain.requiredMessage('First name');
    expect(text).toBe('First name is required');
    expect(translate('en', text)).toBe(text);
    expect(translate('es', text)).toBe('Nombre: falta este dato');
    expect(translate('es', domain.tooLongMessage('Email', 254))).toBe(
      'Correo electrónico: máximo 254 caracteres',
    );
    expect(translate('es', 'A text nobody wrote')).toBe('A text nobody wrote');
  });

  it("translates the interval form's refusals, their labels too", () => {
    const refusals = domain.semesterSchema.safeParse({
      start_date: '2026-13-01',
      end_date: '2027-06-01',
      points_needed: domain.POINTS_NEEDED_MAX + 1,
    }).error?.issues;
    expect(refusals?.map((issue) => translate('es', issue.message))).toEqual([
      'Fecha de inicio: debe ser una fecha (AAAA-MM-DD)',
      'Puntos necesarios: máximo 1000000',
    ]);
  });

  it('says "1 día" and "2 días" (Intl plural rules of each language)', () => {
    const week = (days: number) =>
      domain.weeklySummaryMail(
        {
          firstName: 'Ana',
          figures: {
            daysBanked: days,
            weeklyBalanceCents: 0,
            greenDays: 0,
            yellowDays: 0,
            redDays: 0,
            points: null,
          },
          progressUrl: 'u',
          unsubscribeUrl: 'u',
        },
        speakerOf('es'),
      ).subject;
    expect(week(1)).toBe('Tu semana en Wellbank: 1 día ahorrado');
    expect(week(2)).toBe('Tu semana en Wellbank: 2 días ahorrados');
    expect(week(1_000_000)).toBe('Tu semana en Wellbank: 1,000,000 días ahorrados');
    expect(
      domain.weeklySummaryMail({
        firstName: 'A',
        figures: {
          daysBanked: 1,
          weeklyBalanceCents: 0,
          greenDays: 0,
          yellowDays: 0,
          redDays: 0,
          points: null,
        },
        progressUrl: 'u',
        unsubscribeUrl: 'u',
      }).subject,
    ).toBe('Your week on Wellbank: 1 day banked');
    expect(translate('es', domain.tryAgainMessage(1))).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 1 segundo.',
    );
    expect(translate('es', domain.tryAgainMessage(45))).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 45 segundos.',
    );
  });

  it('reads every template’s English text back into its values', () => {
    for (const template of textTemplates()) {
      fc.assert(
        fc.property(
          fc.record(
            Object.fromEntries(
              [...template.id.matchAll(/\{(\w+)[,}]/g)].map(([, name = '']) => [
                name,
                template.slots[name] === 'number'
                  ? fc.nat({ max: 100_000 })
                  : fc.constantFrom('x', 'Team name', '12/31/2026'),
              ]),
            ),
          ),
          (values) => {
            const read = readText(englishText(template, values));
            expect(read && englishText(read.template, read.values)).toBe(
              englishText(template, values),
            );
          },
        ),
        { numRuns: 20 },
      );
    }
  });
});
