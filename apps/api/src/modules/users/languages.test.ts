import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES, REMINDER_DEFAULTS } from '@wellbank/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  type EmailSession,
  schoolCodeOf,
  schoolSignupBody,
  signUpSchool,
  unique,
  userSignupBody,
} from '../../test/fixtures.ts';
import { readOutbox } from '../../test/outbox.ts';
import { confirmEmails, setRoles } from '../../test/school-fixture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailer } from '../mail/mailer.ts';
import { tickReminders } from '../reminders/reminder-scheduler.ts';

/** Issue 17, decision 0034: `{error}` in the request's language, mail in the stored one. */

let t: TestApp;
let outbox: string;
let admin: EmailSession;
const ES = { 'accept-language': 'es' };

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'wellbank-languages-'));
  t = await createTestApp({
    mailer: createMailer({
      outboxDir: outbox,
      from: 'Wellbank <no-reply@wellbank.test>',
      log: () => {},
    }),
  });
  admin = await signUpSchool(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(outbox, { recursive: true, force: true });
});

function joinAs(headers: Record<string, string>, user: object = {}) {
  const body = userSignupBody();
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${admin.school.id}/users`,
    headers,
    payload: { user: { ...body.user, ...user }, code: schoolCodeOf(admin.school.id) },
  });
}

function login(headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    headers,
    payload: { email: `${unique('nobody')}@lincoln.example`, password: 'wrong-pass' },
  });
}

describe('{error} in the language of Accept-Language', () => {
  it('answers a validation error, a parameterised one and a login failure in Spanish', async () => {
    const badEmail = await joinAs(ES, { email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json()).toEqual({ error: 'Escribe un correo electrónico válido' });
    expect(badEmail.headers['content-language']).toBe('es');

    const noName = await joinAs(
      { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      { first_name: '' },
    );
    expect(noName.json()).toEqual({ error: 'Nombre: falta este dato' });

    const failed = await login(ES);
    expect(failed.statusCode).toBe(401);
    expect(failed.json()).toEqual({ error: 'Correo o contraseña incorrectos' });
  });

  it('answers a 404 and a 401 in Spanish, and English without the header or for a language we do not speak', async () => {
    const missing = await t.app.inject({
      url: '/api/v1/users/999999',
      headers: { ...ES, ...bearer(admin.token) },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No se encontró' });

    const unsigned = await t.app.inject({ url: `/api/v1/users/${admin.id}`, headers: ES });
    expect(unsigned.json()).toEqual({ error: 'Inicia sesión' });

    expect((await login({})).json()).toEqual({ error: MESSAGES.loginFailed });
    const french = await login({ 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french.json()).toEqual({ error: MESSAGES.loginFailed });
    expect(french.headers['content-language']).toBe('en');
  });

  it('tells the seconds or minutes of a rate limit in Spanish', async () => {
    const email = `${unique('limited')}@lincoln.example`;
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password',
        headers: ES,
        payload: { email },
      });
    let answer = await ask();
    for (let i = 0; i < 10 && answer.statusCode !== 429; i++) answer = await ask();
    expect(answer.statusCode).toBe(429);
    expect(answer.json().error).toMatch(
      /^Demasiados intentos\. Inténtalo de nuevo en [\d,]+ (segundos?|minutos?)\.$/,
    );
  });
});

describe('the stored language', () => {
  it('is the request’s at sign-up, unless the body names one', async () => {
    const spanish = await joinAs(ES);
    expect(spanish.statusCode).toBe(201);
    expect(spanish.json().language).toBe('es');
    expect((await joinAs({})).json().language).toBe('en');
    expect((await joinAs(ES, { language: 'en' })).json().language).toBe('en');

    const school = schoolSignupBody();
    const coordinator = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      headers: ES,
      payload: school,
    });
    expect(coordinator.json().user.language).toBe('es');
  });

  it('is refused at sign-up for a language we do not speak, writing nothing', async () => {
    const email = `${unique('fr')}@lincoln.example`;
    const french = await joinAs({}, { language: 'fr', email });
    expect(french.statusCode).toBe(422);
    expect(french.json()).toEqual({ error: 'Language must be en (English) or es (Spanish)' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email, password: 'secret-pass' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('is changed by the user alone with PATCH /users/{id}, and junk is refused', async () => {
    const user: EmailSession = (await joinAs({})).json();
    const patch = (payload: object, id = user.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers: bearer(user.token),
        payload,
      });
    const changed = await patch({ language: 'es' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'es', first_name: user.first_name });
    const record = await t.app.inject({
      url: `/api/v1/users/${user.id}`,
      headers: bearer(user.token),
    });
    expect(record.json().language).toBe('es');

    for (const language of ['fr', 'ES', '', 7, null]) {
      const refused = await patch({ language });
      expect(refused.statusCode).toBe(422);
      expect(typeof refused.json().error).toBe('string');
    }
    expect((await patch({ language: 'en' }, admin.id)).statusCode).toBe(404);
    expect((await patch({})).statusCode).toBe(422);

    const exported = await t.app.inject({
      url: `/api/v1/users/${user.id}/export`,
      headers: bearer(user.token),
    });
    expect(exported.json().account.language).toBe('es');
  });
});

describe('mail in the recipient’s stored language', () => {
  it('writes a Spanish user’s password reset in Spanish, and an English user’s in English', async () => {
    const spanish: EmailSession = (await joinAs(ES)).json();
    const english: EmailSession = (await joinAs({})).json();
    for (const email of [spanish.email, english.email]) {
      // The form's language does not matter for the mail: the stored one does.
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    }
    await t.runJobs();
    const mails = await readOutbox(outbox);
    // The reset mail, not the sign-up's confirmation link, which went to the same address.
    const to = (email: string) =>
      mails.find(
        (mail) => mail.to.includes(email) && mail.text.includes('/forgot-password/reset?'),
      );
    expect(to(spanish.email)?.subject).toBe('Cambia tu contraseña de Wellbank');
    expect(to(spanish.email)?.text).toContain('Alguien pidió cambiar la contraseña');
    expect(to(english.email)?.subject).toBe('Reset your Wellbank password');
  });

  it('writes a Spanish user’s confirmation link and e-mail change notice in Spanish', async () => {
    const spanish: EmailSession = (await joinAs(ES)).json();
    await confirmEmails(t, [spanish]);
    const newEmail = `nuevo-${spanish.email}`;
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${spanish.id}`,
      headers: bearer(spanish.token),
      payload: {
        user: {
          first_name: 'Ana',
          last_name: 'Ruiz',
          email: newEmail,
          current_password: 'secret-pass',
        },
      },
    });
    expect(change.statusCode).toBe(200);
    await t.runJobs();
    const mails = await readOutbox(outbox);
    const to = (email: string) => mails.filter((mail) => mail.to.includes(email));
    expect(to(newEmail).map((mail) => mail.subject)).toEqual([
      'Confirma tu dirección de correo para Wellbank',
    ]);
    const notice = to(spanish.email).find((mail) => mail.text.includes('/undo-email-change?'));
    expect(notice?.subject).toBe('Se está cambiando tu dirección de correo de Wellbank');
    expect(notice?.text).toContain(`pidió cambiar su dirección de correo a ${newEmail}`);
  });

  it('writes a Spanish user’s daily reminder in Spanish', async () => {
    const user: EmailSession = (await joinAs(ES)).json();
    await setRoles(t, user.id, ['staff']);
    await confirmEmails(t, [user]);
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}/reminders`,
      headers: bearer(user.token),
      payload: { ...REMINDER_DEFAULTS, enabled: true, email: true },
    });
    expect(settings.statusCode).toBe(200);
    const now = new Date('2026-11-27T00:00:00Z'); // 17:00 in Denver, the reminder's default
    t.clock.set(now.toISOString());
    await tickReminders({ db: t.db, jobs: t.jobs, now });
    await t.runJobs();
    const mail = (await readOutbox(outbox)).find((each) => each.to.includes(user.email));
    expect(mail?.subject).toBe('Hoy registraste 0 de 8: te faltan 8');
    expect(mail?.text).toContain(`Hola, ${user.first_name}:`);
  });
});
