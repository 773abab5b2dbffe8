import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { SessionRecord } from '@wellbank/domain';

export const PASSWORD = 'secret-pass-1';

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export function uniqueSchoolCode(): string {
  return randomBytes(4).toString('hex').slice(0, 6).toUpperCase();
}

/**
 * What joining proves (DESIGN.md §1.5) for the schools and teams this worker made: a school's code
 * by its id, a team captain's e-mail by the team's id. Session records carry neither.
 */
const schoolCodes = new Map<number, string>();
const captainEmails = new Map<number, string>();

function remember(map: Map<number, string>, id: number | null, proof: string): void {
  if (id !== null) map.set(id, proof);
}

function proofOf(map: Map<number, string>, id: number, what: string): string {
  const proof = map.get(id);
  if (!proof) throw new Error(`no ${what} known for ${id}: made outside these helpers?`);
  return proof;
}

/** An account these helpers made: each signs up with an address (decision 0063: not all do). */
export type Account = SessionRecord & { email: string };

export interface CreatedSchool {
  coordinator: Account;
  code: string;
  name: string;
}

/** Signs up a school through the API, for tests whose subject is something else. */
export async function createSchool(request: APIRequestContext): Promise<CreatedSchool> {
  const code = uniqueSchoolCode();
  const name = `Lincoln Elementary ${code}`;
  const response = await request.post('/api/v1/signup', {
    data: {
      school: {
        name,
        code,
        time_zone: 'America/Denver',
        contact_name: 'Pat Principal',
        contact_email: uniqueEmail('office'),
        contact_phone: '303-555-0100',
        address: '1 School Way',
        city: 'Denver',
        state: 'CO',
        zip_code: '80202',
      },
      user: {
        first_name: 'Maya',
        last_name: 'Lopez',
        email: uniqueEmail('coordinator'),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user: Account };
  remember(schoolCodes, body.user.school.id, code);
  remember(captainEmails, body.user.team_id, body.user.email);
  return { coordinator: body.user, code, name };
}

export async function joinSchoolAsStudent(
  request: APIRequestContext,
  schoolId: number,
  firstName = 'Sam',
  email = uniqueEmail('student'),
): Promise<Account> {
  const response = await request.post(`/api/v1/schools/${schoolId}/users`, {
    data: {
      user: {
        first_name: firstName,
        last_name: 'Rivera',
        email,
        password: PASSWORD,
        verify_password: PASSWORD,
      },
      code: proofOf(schoolCodes, schoolId, 'school code'),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const student = (await response.json()) as Account;
  remember(captainEmails, student.team_id, student.email);
  return student;
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A new school's coordinator, signed in: an unpaid school opens on its subscription page. */
export async function signInUnpaidCoordinator(
  page: Page,
  request: APIRequestContext,
): Promise<CreatedSchool> {
  const school = await createSchool(request);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  // The page's reads start after its lazy chunk loads, later than the URL: a test that ends the
  // session next must not see one of them answer 401 first.
  await expect(page.getByRole('heading', { name: 'School subscription' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return school;
}

/** Stores the user's language, which wins over the browser's once they sign in (issue 17). */
export async function setLanguage(
  request: APIRequestContext,
  user: SessionRecord,
  language: 'en' | 'es',
): Promise<void> {
  const response = await request.patch(`/api/v1/users/${user.id}`, {
    headers: bearer(user),
    data: { language },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** The header of a signed-in API call. */
export function bearer(user: { token: string }) {
  return { authorization: `Bearer ${user.token}` };
}

/**
 * Pays a school's subscription through the API on the built-in test checkout: create a checkout
 * session, pay it, report it as the return page does. Afterwards nobody in the school is gated.
 */
export async function paySubscription(
  request: APIRequestContext,
  coordinator: SessionRecord,
  numStudents = 101,
): Promise<void> {
  const checkout = await request.post('/api/v1/stripe-subscription-checkout-sessions', {
    headers: bearer(coordinator),
    data: { school_id: coordinator.school.id, num_students: numStudents },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { id } = (await checkout.json()) as { id: string };
  await completeLocalCheckout(request, id, {
    user: coordinator,
    path: `/api/v1/schools/${coordinator.school.id}/payments`,
  });
}

/** A community member's team donation, the same round trip; afterwards they are not gated. */
export async function donate(request: APIRequestContext, member: SessionRecord): Promise<void> {
  const checkout = await request.post('/api/v1/stripe-donation-checkout-sessions', {
    headers: bearer(member),
    data: { team_id: member.team_id },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { id } = (await checkout.json()) as { id: string };
  await completeLocalCheckout(request, id, {
    user: member,
    path: `/api/v1/teams/${member.team_id}/payments`,
  });
}

async function completeLocalCheckout(
  request: APIRequestContext,
  sessionId: string,
  report: { user: SessionRecord; path: string },
): Promise<void> {
  const paid = await request.post(`/api/v1/local-checkout/${sessionId}/pay`);
  expect(paid.status(), await paid.text()).toBe(200);
  const recorded = await request.post(report.path, {
    headers: bearer(report.user),
    data: { stripe_session_id: sessionId },
  });
  expect(recorded.ok(), await recorded.text()).toBe(true);
}

/** Signs up a family or community member on a team (they still owe their donation). */
export async function joinTeamAsCommunityMember(
  request: APIRequestContext,
  teamId: number,
  firstName = 'Fran',
): Promise<Account> {
  const response = await request.post(`/api/v1/teams/${teamId}/signup`, {
    data: {
      user: {
        first_name: firstName,
        last_name: 'Family',
        email: uniqueEmail('family'),
        password: PASSWORD,
        verify_password: PASSWORD,
      },
      captain_email: proofOf(captainEmails, teamId, "captain's e-mail"),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Account;
}

/**
 * The school's team ranking for students and families (decision 0083): a new school starts with
 * goals reached; specs of SPEC.md's points leaderboard set points first.
 */
export async function setTeamRanking(
  request: APIRequestContext,
  coordinator: SessionRecord,
  ranking: 'goals' | 'points',
): Promise<void> {
  const response = await request.put(`/api/v1/schools/${coordinator.school.id}/team-ranking`, {
    headers: bearer(coordinator),
    data: { ranking },
  });
  expect(response.status(), await response.text()).toBe(200);
}
