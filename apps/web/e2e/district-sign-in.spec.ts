import type { APIRequestContext, Page } from '@playwright/test';
import { DISTRICT_SIGN_IN_ERROR_TEXTS, MESSAGES, type SessionRecord } from '@wellbank/domain';
import {
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  signIn,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { DISTRICT_ACCOUNTS, DISTRICT_NAME } from './support/district.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/**
 * District sign-in (issue 33, decision 0050) in the browser: the button on /login, the login form
 * of a real OpenID provider on loopback (support/district-server.ts), and /login/district.
 */

type Account = (typeof DISTRICT_ACCOUNTS)[keyof typeof DISTRICT_ACCOUNTS];

const DESKTOP = { width: 1280, height: 800 };

/** /login's button, then the provider's own login form (oidc-provider's: any password). */
async function signInAtDistrict(
  page: Page,
  account: Account,
  button = `Sign in with ${DISTRICT_NAME}`,
) {
  await page.goto('/login');
  await page.getByRole('link', { name: button }).click();
  await signInAtProvider(page, account);
}

async function signInAtProvider(page: Page, account: Account) {
  await page.getByPlaceholder('Enter any login').fill(account.sub);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** A paid school (its students are not sent to the payment page) and its coordinator. */
async function paidSchool(request: APIRequestContext): Promise<SessionRecord> {
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator);
  return coordinator;
}

/** The ticket and the error code leave the address bar as soon as the page has read them. */
async function expectNoFragment(page: Page) {
  await expect(page).toHaveURL(/\/login\/district(\?[^#]*)?$/);
}

async function screenshotsAtBothSizes(page: Page, name: string) {
  await saveScreenshot(page, name);
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, `${name}-desktop`);
}

/** Addresses off loopback the browser asked for: none, at the app and at the demo's provider. */
let offLoopback: string[] = [];
test.beforeEach(async ({ page }) => {
  offLoopback = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(hostname)) offLoopback.push(request.url());
  });
});
test.afterEach(() => {
  expect(offLoopback, 'nothing is loaded from a third party').toEqual([]);
});

test('a student of the roster signs in with the district button and lands on the dashboard', async ({
  page,
  request,
}) => {
  const coordinator = await paidSchool(request);
  const student = DISTRICT_ACCOUNTS.member;
  await joinSchoolAsStudent(request, coordinator.school.id, 'Mia', student.email);

  await page.goto('/login');
  const button = page.getByRole('link', { name: `Sign in with ${DISTRICT_NAME}` });
  await expect(button).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page);

  await signInAtDistrict(page, student);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Wellbank Account' })).toBeVisible();
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).find((key) => key.startsWith('wellbank.session.')),
  );
  expect(stored, 'the session is stored as the password login stores it').toBeTruthy();
});

test('a district sign-in returns to the page /login was asked to return to', async ({
  page,
  request,
}) => {
  const coordinator = await paidSchool(request);
  const student = DISTRICT_ACCOUNTS.returning;
  await joinSchoolAsStudent(request, coordinator.school.id, 'Rae', student.email);

  await page.goto('/progress');
  await expect(page).toHaveURL(/\/login\?next=%2Fprogress$/);
  await page.getByRole('link', { name: `Sign in with ${DISTRICT_NAME}` }).click();
  await signInAtProvider(page, student);
  await expect(page).toHaveURL(/\/progress$/);
});

test('a signed-in student links their district account and is told so on /profile', async ({
  page,
  request,
}) => {
  const coordinator = await paidSchool(request);
  const student = DISTRICT_ACCOUNTS.linking;
  const session = await joinSchoolAsStudent(
    request,
    coordinator.school.id,
    'Lin',
    uniqueEmail('linking'),
  );
  await signIn(page, session.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: `Link ${DISTRICT_NAME}` }).click();
  await signInAtProvider(page, student);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your school account is linked.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Unlink ${DISTRICT_NAME}` })).toBeVisible();
});

test('an invited student agrees to the policies, then lands on the dashboard', async ({
  page,
  request,
}) => {
  const coordinator = await paidSchool(request);
  const invited = DISTRICT_ACCOUNTS.invited;
  const roster = await request.post(`/api/v1/schools/${coordinator.school.id}/roster`, {
    headers: { authorization: `Bearer ${coordinator.token}`, 'content-type': 'text/csv' },
    data: `First name,Last name,E-mail,Role,Grade,Homeroom\nIvan,Ortiz,${invited.email},student,5,Room 2\n`,
  });
  expect(roster.ok(), await roster.text()).toBe(true);

  await signInAtDistrict(page, invited);
  await expect(
    page.getByRole('heading', { name: `Welcome to ${coordinator.school.name}!` }),
  ).toBeVisible();
  await expect(page.getByText('Ivan Ortiz, you are invited as a student.')).toBeVisible();
  await expectNoFragment(page);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(MESSAGES.mustAcceptPrivacy)).toBeVisible();
  await screenshotsAtBothSizes(page, 'district-invitation');

  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Wellbank Account' })).toBeVisible();
});

test('an address no school knows gets a page that says so, and a way back to /login', async ({
  page,
}) => {
  const stranger = DISTRICT_ACCOUNTS.stranger;
  await signInAtDistrict(page, stranger);
  await expect(
    page.getByRole('heading', { name: 'Your school has not added you yet' }),
  ).toBeVisible();
  await expect(
    page.getByText(`Ask your school to add ${stranger.email} to Wellbank.`),
  ).toBeVisible();
  await expectNoFragment(page);
  await expectNoAxeViolations(page);
  await screenshotsAtBothSizes(page, 'district-unknown');

  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('cancelling at the provider says what happened and what to do', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${DISTRICT_NAME}` }).click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();

  await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(DISTRICT_SIGN_IN_ERROR_TEXTS.denied);
  await expectNoFragment(page);
  await expectNoAxeViolations(page);
  await screenshotsAtBothSizes(page, 'district-error');
});

test('every error code of the callback reads as its sentence', async ({ page }) => {
  for (const [code, text] of Object.entries(DISTRICT_SIGN_IN_ERROR_TEXTS)) {
    // As the provider's redirect arrives: a new document, not a fragment change of this one.
    await page.goto('about:blank');
    await page.goto(`/login/district#error=${code}`);
    await expect(page.getByRole('alert')).toContainText(text);
    await expectNoFragment(page);
  }
});

test('/login shows every configured provider, each with its own mark, at both sizes', async ({
  page,
}) => {
  // The server is configured with one provider; the list's other shapes come from the API here.
  await page.route('**/api/v1/sign-in/providers', (route) =>
    route.fulfill({
      json: {
        providers: [
          { id: 'google', name: 'Google' },
          { id: 'microsoft', name: 'Microsoft' },
          { id: 'clever', name: 'Clever' },
          { id: 'classlink', name: 'ClassLink' },
          { id: 'oidc', name: DISTRICT_NAME },
        ],
      },
    }),
  );
  await page.goto('/login?next=%2Fprogress');
  for (const name of ['Google', 'Microsoft', 'Clever', 'ClassLink', DISTRICT_NAME]) {
    await expect(page.getByRole('link', { name: `Sign in with ${name}` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
    'href',
    '/api/v1/sign-in/oidc/google?next=%2Fprogress',
  );
  await expectNoAxeViolations(page);
  await screenshotsAtBothSizes(page, 'district-login');
});

test('/login shows no district buttons when the server configured none', async ({ page }) => {
  await page.route('**/api/v1/sign-in/providers', (route) =>
    route.fulfill({ json: { providers: [] } }),
  );
  const answered = page.waitForResponse('**/api/v1/sign-in/providers');
  await page.goto('/login');
  await answered;
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Or use your school account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-US' });

  test('the button and the unknown-address page speak Spanish', async ({ page }) => {
    const stranger = DISTRICT_ACCOUNTS.spanish;
    await signInAtDistrict(page, stranger, `Iniciar sesión con ${DISTRICT_NAME}`);
    await expect(
      page.getByRole('heading', { name: 'Tu escuela todavía no te agregó' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Pide a tu escuela que agregue ${stranger.email} a Wellbank.`),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
