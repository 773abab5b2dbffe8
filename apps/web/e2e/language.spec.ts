import { bearer, createSchool, PASSWORD, paySubscription } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

// A phone whose browser asks for US Spanish (issue 17).
test.use({ locale: 'es-US', viewport: { width: 390, height: 844 } });

test('a Spanish browser sees /login in Spanish; the switch changes the language and is remembered', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '¡Qué bueno verte de nuevo!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Iniciar sesión · Wellbank');
  await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · Wellbank');

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: '¡Qué bueno verte de nuevo!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '¡Qué bueno verte de nuevo!' })).toBeVisible();
});

test('every request asks for the active language', async ({ page }) => {
  const languages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/'))
      languages.push(request.headers()['accept-language'] ?? '');
  });
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('nobody@example.com');
  await page.getByLabel('Contraseña').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(languages.length).toBeGreaterThan(0);
  expect(new Set(languages)).toEqual(new Set(['es']));
});

for (const [name, path, heading] of [
  ['login', '/login', '¡Qué bueno verte de nuevo!'],
  ['sign-up', '/sign-up', 'Elige tu rol:'],
] as const) {
  test(`${path} in Spanish has no WCAG 2.2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, name, `es/${name}`);
  });
}

test.describe('on an English browser', () => {
  test.use({ locale: 'en-US' });

  test('Español picked on /login stays after sign-in and is stored on the English account', async ({
    page,
    request,
  }) => {
    const school = await createSchool(request);
    await paySubscription(request, school.coordinator);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByLabel('Correo electrónico').fill(school.coordinator.email);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: /^Registrar una actividad/ })).toBeVisible();

    // Stored on the account: a new browser that signs in reads Spanish too.
    const me = await request.get(`/api/v1/users/${school.coordinator.id}`, {
      headers: bearer(school.coordinator),
    });
    expect((await me.json()).language).toBe('es');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
