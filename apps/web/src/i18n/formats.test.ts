import { I18nProvider } from '@lingui/react';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Formats, formatsIn, useFormats } from './formats';
import { i18n } from './i18n';
import { activateLanguage } from './language';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MOMENT = new Date('2026-11-23T22:41:00Z');

describe('formatsIn', () => {
  it('writes English as SPEC.md does: $1,234.50, 1,234, mm/dd/yyyy', () => {
    const en = formatsIn('en');
    expect(en.formatCents(123_450)).toBe('$1,234.50');
    expect(en.formatCents(-125)).toBe('-$1.25');
    expect(en.formatCount(1234)).toBe('1,234');
    expect(en.isoToLocalDate('2026-03-05')).toBe('03/05/2026');
    expect(en.datePattern).toBe('mm/dd/yyyy');
    expect(en.formatDateTime(MOMENT, 'America/Denver')).toBe('Nov 23, 2026, 3:41 PM MST');
    expect(en.formatDayHeading('2026-11-23')).toBe('Monday, November 23');
    expect(en.dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(MOMENT)).toBe(
      'Nov 23, 2026',
    );
  });

  it('writes Spanish as es-US does: dd/mm/aaaa typed and shown, Spanish day and month names', () => {
    const es = formatsIn('es');
    expect(es.formatCents(123_450)).toBe('$1,234.50');
    expect(es.formatCount(1234)).toBe('1,234');
    expect(es.isoToLocalDate('2026-03-05')).toBe('05/03/2026');
    expect(es.datePattern).toBe('dd/mm/aaaa');
    expect(es.formatDateTime(MOMENT, 'America/Denver')).toBe('23 nov 2026, 3:41 p.m. MST');
    expect(es.formatDayHeading('2026-11-23')).toBe('lunes, 23 de noviembre');
    expect(es.dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(MOMENT)).toBe(
      '23 nov 2026',
    );
  });

  it('gives one object per language, so it is a stable hook dependency', () => {
    expect(formatsIn('es')).toBe(formatsIn('es'));
    expect(formatsIn('es').dateFormat({ month: 'long' })).toBe(
      formatsIn('es').dateFormat({ month: 'long' }),
    );
  });
});

describe('useFormats', () => {
  let root: Root;
  let seen: Formats | undefined;
  function Probe() {
    seen = useFormats();
    return null;
  }

  beforeEach(() => {
    root = createRoot(document.createElement('div'));
    act(() => root.render(createElement(I18nProvider, { i18n }, createElement(Probe))));
  });
  afterEach(async () => {
    act(() => root.unmount());
    await activateLanguage('en');
  });

  it('follows the active language, re-rendering when it changes', async () => {
    expect(seen?.language).toBe('en');
    expect(seen?.isoToLocalDate('2026-11-23')).toBe('11/23/2026');
    await act(() => activateLanguage('es'));
    expect(seen?.language).toBe('es');
    expect(seen?.isoToLocalDate('2026-11-23')).toBe('23/11/2026');
  });
});
