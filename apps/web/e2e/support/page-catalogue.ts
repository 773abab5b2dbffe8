import { expect, type Page } from '@playwright/test';
import { addDays, HOLIDAY_MESSAGES, isoToUsDate, localDate } from '@wellbank/domain';
import type { CreatedSchool } from './accounts.ts';

/**
 * Every page of SPEC.md §2, and the states of a page that show something new (a found school, an
 * open menu), as the accessibility check and the screenshots visit them.
 */
export interface PageVisit {
  /** Names the test and the picture docs/screenshots/web-{name}.png. */
  name: string;
  path: (school: CreatedSchool) => string;
  /** Brings the loaded page into the state to check. */
  prepare?: (page: Page, school: CreatedSchool) => Promise<void>;
}

/** Public pages; `school` is an existing school to find and join. */
export const PUBLIC_PAGES: readonly PageVisit[] = [
  { name: 'login', path: () => '/login' },
  {
    name: 'login-errors',
    path: () => '/login',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Invalid email address')).toBeVisible();
    },
  },
  { name: 'forgot-password', path: () => '/forgot-password' },
  { name: 'class-code', path: () => '/class' },
  {
    name: 'reset-password',
    path: () => '/forgot-password/reset?token=example-token&email=sam.rivera%40example.com',
  },
  { name: 'sign-up', path: () => '/sign-up' },
  { name: 'school-sign-up', path: () => '/sign-up/create/schools' },
  { name: 'join-school', path: () => '/sign-up/join/schools' },
  {
    name: 'join-school-found',
    path: () => '/sign-up/join/schools',
    prepare: async (page, school) => {
      await page.getByLabel('School Code').fill(school.code);
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByText('School found!')).toBeVisible();
    },
  },
  {
    name: 'join-school-welcome',
    // The join page needs the code the person was given (decision 0005), kept in the address.
    path: (school) => `/sign-up/join/schools/${school.coordinator.school.id}?code=${school.code}`,
  },
  // A roster invitation's link (decision 0030) that is wrong, used or expired: the message. The
  // prefilled form of a real link is checked and photographed by roster.spec.ts.
  { name: 'invite-sign-up-invalid', path: () => `/sign-up/invite/${'A'.repeat(43)}` },
  { name: 'find-team', path: () => '/sign-up/join/teams' },
  {
    name: 'find-team-found',
    path: () => '/sign-up/join/teams',
    prepare: async (page, school) => {
      await page.getByLabel("Team captain's email").fill(school.coordinator.email);
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByText('Team found!')).toBeVisible();
    },
  },
  {
    // The captain's e-mail travels in the browser's history entry, not the address: reached by
    // finding the team, as a family member does.
    name: 'join-team-welcome',
    path: () => '/sign-up/join/teams',
    prepare: async (page, school) => {
      await page.getByLabel("Team captain's email").fill(school.coordinator.email);
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('button', { name: 'Join team' }).click();
      await expect(page).toHaveURL(`/sign-up/join/teams/${school.coordinator.team_id}`);
    },
  },
  // A family letter's QR link (decision 0075); the sign-up through it: e2e/families.spec.ts.
  { name: 'family-link', path: () => '/family/link?code=ABCDE-FGHJK' },
  // The policies (issue #13): public, and reachable signed in too (below).
  { name: 'privacy', path: () => '/privacy' },
  { name: 'terms', path: () => '/terms' },
  { name: 'code-of-conduct', path: () => '/code-of-conduct' },
];

const yesterdayInDenver = () => addDays(localDate(new Date(), 'America/Denver'), -1);

/** The next Saturday after today in Denver: never a day without school to mark. */
function nextSaturdayInDenver(): string {
  const today = localDate(new Date(), 'America/Denver');
  return addDays(today, 6 - new Date(`${today}T00:00:00Z`).getUTCDay() || 7);
}

async function openLogMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Log an activity/ }).click();
  await expect(page.getByRole('dialog', { name: 'What did you do today?' })).toBeVisible();
}

/** Pages of a signed-in coordinator (admin and staff) of a paid school. */
export const SIGNED_IN_PAGES: readonly PageVisit[] = [
  {
    name: 'dashboard',
    path: () => '/dashboard',
    // The streak card comes with the dashboard's lazy extras, after the day (decision 0082).
    prepare: async (page) => {
      await expect(page.getByRole('list', { name: 'This week' })).toBeVisible();
    },
  },
  { name: 'log-menu', path: () => '/dashboard', prepare: openLogMenu },
  {
    name: 'log-menu-stress',
    path: () => '/dashboard',
    prepare: async (page) => {
      await openLogMenu(page);
      await page.getByRole('button', { name: /^Stress/ }).click();
      await expect(page.getByRole('link', { name: /^Social/ })).toBeVisible();
    },
  },
  {
    name: 'sidebar',
    path: () => '/dashboard',
    prepare: async (page, school) => {
      // A drawer behind the menu button on a phone; open beside the page from 1024 px.
      const desk = (page.viewportSize()?.width ?? 0) >= 1024;
      if (!desk) await page.getByRole('button', { name: 'Open menu' }).click();
      const sidebar = page.getByRole(desk ? 'complementary' : 'dialog', { name: 'Maya Lopez' });
      await expect(sidebar.getByText(school.name)).toBeVisible();
      await expect(sidebar.getByText('influenced by me')).toBeVisible();
      await expect(sidebar.getByText(`School code ${school.code}`)).toBeVisible();
      // The drawer slides in for 500 ms; colours and the picture are right once it has stopped.
      await expect.poll(() => sidebar.evaluate((drawer) => drawer.getAnimations().length)).toBe(0);
    },
  },
  ...['sleep', 'water', 'fitness', 'food', 'rest', 'sunshine', 'hygiene'].map((route) => ({
    name: `activity-${route}`,
    path: () => `/activities/${route}`,
  })),
  ...['people', 'money', 'personal', 'clock', 'health'].map((kind) => ({
    name: `stress-${kind}`,
    path: () => `/stress/${kind}`,
  })),
  { name: 'team', path: () => '/team' },
  { name: 'progress', path: () => '/progress' },
  // Yesterday on the school's calendar (every test school is in Denver): issue #14's day page.
  { name: 'past-day', path: () => `/days/${yesterdayInDenver()}` },
  { name: 'past-day-entry', path: () => `/activities/water?date=${yesterdayInDenver()}` },
  { name: 'profile', path: () => '/profile' },
  { name: 'semesters', path: () => '/schools/semesters' },
  {
    // A weekend refused as a day without school: the server's reason (decision 0082).
    name: 'semesters-holiday-refused',
    path: () => '/schools/semesters',
    prepare: async (page) => {
      const section = page.getByRole('region', { name: 'Days without school' });
      await section.getByLabel('Day without school').fill(isoToUsDate(nextSaturdayInDenver()));
      await section.getByRole('button', { name: 'Add day without school' }).click();
      await expect(section.getByRole('alert')).toContainText(HOLIDAY_MESSAGES.notAWeekday);
    },
  },
  { name: 'year-end-rollover', path: () => '/schools/year-end-rollover' },
  { name: 'school-users', path: () => '/schools/users' },
  { name: 'school-teams', path: () => '/schools/teams' },
  { name: 'staff-points', path: () => '/schools/staff' },
  { name: 'student-points', path: () => '/schools/students' },
  { name: 'join-poster', path: () => '/schools/join-poster' },
  { name: 'class-sign-in', path: () => '/schools/class-sign-in' },
  {
    // "Students I pick": the school's students, searchable (issue 34 §2).
    name: 'class-sign-in-pick',
    path: () => '/schools/class-sign-in',
    prepare: async (page) => {
      await page.getByRole('radio', { name: 'Students I pick' }).check();
      await expect(page.getByTestId('chosen-count')).toHaveText('No students chosen');
      await expect(page.getByText('Loading students...')).toHaveCount(0);
    },
  },
  { name: 'class-cards', path: () => '/schools/class-cards?homeroom=K-1' },
  // No student has a homeroom yet; a homeroom's list and sheet: e2e/badges.spec.ts.
  { name: 'badges-no-homeroom', path: () => '/schools/badges' },
  // No homeroom chosen yet; a homeroom's letters in both languages: e2e/families.spec.ts.
  { name: 'family-letters', path: () => '/schools/family-letters' },
  // One student: every figure suppressed (the demo school's page: e2e/insights.spec.ts).
  { name: 'insights-too-few', path: () => '/schools/insights' },
  { name: 'audit-log', path: () => '/schools/audit' },
  { name: 'consents', path: () => '/schools/consents' },
  { name: 'sign-in-methods', path: () => '/schools/sign-in-methods' },
  { name: 'stress-check-in', path: () => '/schools/stress-check-in' },
  { name: 'team-ranking', path: () => '/schools/team-ranking' },
  { name: 'privacy-signed-in', path: () => '/privacy' },
];

/**
 * A page is ready when its heading is on screen and nothing says it is still loading. A page's
 * first data can take longer than expect's 5 s on a busy two-core machine, hence the wait.
 */
export async function expectPageReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Confirming)/ })).toHaveCount(
    0,
    { timeout: 15_000 },
  );
}

/** Opens a visit's page and brings it into the state to check, as a person would reach it. */
export async function openVisit(page: Page, visit: PageVisit, school: CreatedSchool) {
  await page.goto(visit.path(school));
  await expectPageReady(page);
  // Not sent elsewhere (a sign-in or payment guard): the check is of the page that was asked for.
  await expect(page).toHaveURL(visit.path(school));
  await visit.prepare?.(page, school);
}
