import { describe, expect, it } from 'vitest';
import { translate } from './i18n/server.ts';
import {
  droppedWriteText,
  keepsQueuedWrite,
  notSyncedText,
  OFFLINE_MESSAGES,
  offlineBannerText,
  unsentLogoutText,
} from './offline.ts';

describe('keepsQueuedWrite', () => {
  it('keeps a write that found no network, an ended session or a server error', () => {
    for (const status of [0, 401, 402, 408, 429, 500, 502, 503]) {
      expect(keepsQueuedWrite(status), String(status)).toBe(true);
    }
  });

  it('drops a write the server refused for good, such as a day outside its window', () => {
    for (const status of [400, 403, 404, 409, 413, 422]) {
      expect(keepsQueuedWrite(status), String(status)).toBe(false);
    }
  });
});

describe('offline texts', () => {
  it('says when the shown data was saved', () => {
    expect(offlineBannerText('19:42')).toBe('Offline — showing what was saved at 19:42');
    expect(offlineBannerText(undefined)).toBe('Offline');
  });

  it('names what could not be saved, its day and the reason', () => {
    expect(droppedWriteText('Sleep', '2026-11-20', 'Too late')).toBe(
      'Sleep for 2026-11-20 could not be saved: Too late',
    );
  });
});

describe('unsentLogoutText', () => {
  it('counts the saves a logout would delete, in the singular and the plural', () => {
    expect(unsentLogoutText(1)).toBe(
      '1 save on this phone has not reached Wellbank yet. Logging out deletes it from this phone; stay signed in and connect to the internet to send it.',
    );
    expect(unsentLogoutText(3)).toMatch(
      /^3 saves on this phone have not .* deletes them .* send them\.$/,
    );
  });
});

describe('offline texts in Spanish', () => {
  it('translates the banner, with and without the time', () => {
    expect(translate('es', offlineBannerText('19:42'))).toBe(
      'Sin conexión — mostrando lo guardado a las 19:42',
    );
    expect(translate('es', offlineBannerText(undefined))).toBe('Sin conexión');
  });

  it('translates a refused write, its activity too', () => {
    expect(translate('es', droppedWriteText('Sleep', '2026-11-20', 'Muy tarde'))).toBe(
      'No se pudo guardar Sueño del 2026-11-20: Muy tarde',
    );
  });

  it('translates a write still waiting, and its reason when the catalog knows it', () => {
    expect(translate('es', notSyncedText('no network'))).toMatch(/^Todavía no se envió \(/);
  });

  it('counts the unsent saves in Spanish, one and many', () => {
    expect(translate('es', unsentLogoutText(1))).toMatch(
      /^1 cosa guardada en este teléfono todavía no llegó a Wellbank\. .*enviarla\.$/,
    );
    expect(translate('es', unsentLogoutText(3))).toMatch(
      /^3 cosas guardadas en este teléfono todavía no llegaron .*enviarlas\.$/,
    );
  });
});

describe('the offline layer’s words in Spanish', () => {
  it('has a Spanish word for every one of its texts', () => {
    expect(translate('es', OFFLINE_MESSAGES.reload)).toBe('Recargar');
    expect(translate('es', OFFLINE_MESSAGES.dismiss)).toBe('Cerrar');
    expect(translate('es', OFFLINE_MESSAGES.noNetwork)).toBe('sin conexión');
    for (const text of Object.values(OFFLINE_MESSAGES))
      expect(translate('es', text)).not.toBe(text);
  });
});
