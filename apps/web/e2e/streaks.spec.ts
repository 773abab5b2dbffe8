import type { Page, Route, TestInfo } from '@playwright/test';
import {
  ACTIVITY_TYPES,
  addDays,
  dateFormat,
  type Language,
  localDate,
  NO_STREAK,
  type StreakMark,
  type StreakView,
  walkStreak,
} from '@wellbank/domain';
import { FULL_DAY } from '../../api/src/test/full-day.ts';
import {
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  setLanguage,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logActivity } from './support/school-life.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 37 §1, decision 0082: the child's streak card on the dashboard (the streak, the rest days
 * saved, this week's marks), and the coordinator's days without school on the intervals page, in
 * English and Spanish. The rule itself is tested in the domain and the API; here, what a child and
 * a coordinator see of it.
 */

// A school, sixteen logs, axe and eight full-page screenshots: more than 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const TIME_ZONE = 'America/Denver';

/** What the card says, as the catalogs translate it. */
const TEXTS = {
  en: {
    streak: (n: number) => `${n}-day streak`,
    startToday: 'Complete today to start a streak',
    startSchoolDay: 'Complete a school day to start a streak',
    restDays: (n: number) => (n === 1 ? '1 rest day saved' : `${n} rest days saved`),
    week: 'This week',
    today: {
      complete: 'today: complete',
      day_off: 'today: no school',
      open: 'today: not complete yet',
    },
    day: {
      complete: 'complete',
      rest_day: 'a rest day covered it',
      missed: 'not complete',
      day_off: 'no school',
      open: 'still to come',
    },
  },
  es: {
    streak: (n: number) => `Racha de ${n} ${n === 1 ? 'día' : 'días'}`,
    startToday: 'Completa el día de hoy para empezar una racha',
    startSchoolDay: 'Completa un día de clases para empezar una racha',
    restDays: (n: number) =>
      n === 1 ? '1 día de descanso guardado' : `${n} días de descanso guardados`,
    week: 'Esta semana',
    today: {
      complete: 'hoy: completo',
      day_off: 'hoy: sin clases',
      open: 'hoy: todavía sin completar',
    },
    day: {
      complete: 'completo',
      rest_day: 'lo cubrió un día de descanso',
      missed: 'sin completar',
      day_off: 'sin clases',
      open: 'todavía no llega',
    },
  },
} as const;

type DayState = StreakMark | 'open';

/** A day's text for a screen reader: "Monday: complete", "Sunday, today: no school". */
function dayText(language: Language, date: string, state: DayState, today: string): string {
  const weekday = dateFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  const texts = TEXTS[language];
  if (date === today && state in texts.today) {
    return `${weekday}, ${texts.today[state as keyof typeof texts.today]}`;
  }
  return `${weekday}: ${texts.day[state]}`;
}

function mondayOf(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/**
 * A fuller week than a browser test can log (only today and yesterday are open): the server's
 * answer for this week, as the domain's rule steps it from a 3-day streak with a rest day held,
 * every school day before today complete but the week's second, which uses the rest day. Today
 * and the days after have no mark but a weekend's.
 */
function fullerWeek(today: string): StreakView {
  const monday = mondayOf(today);
  const complete = new Map<string, boolean>();
  for (let i = 0; i < 7; i++) complete.set(addDays(monday, i), i !== 1);
  const steps =
    today > monday
      ? walkStreak(
          { streakLength: 3, restDays: 1 },
          { from: monday, to: addDays(today, -1) },
          complete,
          new Set(),
        )
      : [];
  const last = steps.at(-1) ?? { streakLength: 3, restDays: 1 };
  const week = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const step = steps.find((s) => s.date === date);
    return { date, mark: step ? step.mark : isWeekend(date) ? ('day_off' as const) : null };
  });
  return { streak_length: last.streakLength, rest_days: last.restDays, week };
}

async function expectCard(page: Page, language: Language, view: StreakView, today: string) {
  const texts = TEXTS[language];
  const card = page.getByRole('region', { name: headingOf(language, view, today) });
  await expect(card).toBeVisible();
  if (view.rest_days > 0) await expect(card).toContainText(texts.restDays(view.rest_days));
  const days = card.getByRole('list', { name: texts.week }).getByRole('listitem');
  await expect(days).toHaveCount(7);
  for (const [i, { date, mark }] of view.week.entries()) {
    const state = mark ?? (date < today ? 'missed' : 'open');
    await expect(days.nth(i)).toContainText(dayText(language, date, state, today));
  }
}

function headingOf(language: Language, view: StreakView, today: string): string {
  const texts = TEXTS[language];
  if (view.streak_length > 0) return texts.streak(view.streak_length);
  const todayOff = view.week.find((day) => day.date === today)?.mark === 'day_off';
  return todayOff ? texts.startSchoolDay : texts.startToday;
}

async function shoot(page: Page, testInfo: TestInfo, language: Language, name: string) {
  await page.getByRole('list', { name: TEXTS[language].week }).scrollIntoViewIfNeeded();
  await attachAtBothWidths(page, testInfo, name);
}

for (const language of ['en', 'es'] as const) {
  test(`a child sees their streak and this week's days on the dashboard (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    const school = await createSchool(request);
    await paySubscription(request, school.coordinator);
    const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
    if (language === 'es') await setLanguage(request, student, 'es');
    // Yesterday and today complete, through the API as the entry pages save them.
    const today = localDate(new Date(), TIME_ZONE);
    const yesterday = addDays(today, -1);
    for (const date of [yesterday, today]) {
      for (const type of ACTIVITY_TYPES) {
        await logActivity(request, student, { type, values: FULL_DAY[type], date });
      }
    }
    // The rule's answer for those two days: a streak of 1 or 2, unless both were days off (a
    // Sunday run), which leaves it at 0 and the card asks kindly for a school day.
    const steps = walkStreak(
      NO_STREAK,
      { from: yesterday, to: today },
      new Map([
        [yesterday, true],
        [today, true],
      ]),
      new Set(),
    );
    const [, todayStep] = steps;
    const streakRead = page.waitForResponse((r) => r.url().endsWith(`/users/${student.id}/streak`));
    await signIn(page, student.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const view = (await (await streakRead).json()) as StreakView;
    expect(view.streak_length).toBe(todayStep?.streakLength);
    for (const step of steps) {
      const day = view.week.find(({ date }) => date === step.date);
      if (day) expect(day.mark).toBe(step.mark);
    }
    await expectCard(page, language, view, today);
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, language, `streak-card-${language}`);

    // A fuller week, as the server answers after a few weeks of school.
    const fuller = fullerWeek(today);
    await page.route(`**/api/v1/users/${student.id}/streak`, async (route: Route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: fuller });
    });
    await page.reload();
    await expectCard(page, language, fuller, today);
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, language, `streak-card-week-${language}`);
  });
}
