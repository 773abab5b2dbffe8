import {
  addDays,
  dateFormat,
  HOLIDAY_MESSAGES,
  isoToLocalDate,
  type Language,
  localDate,
} from '@wellbank/domain';
import { createSchool, paySubscription, setLanguage, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 37 §1, decision 0082: a coordinator marks days without school ahead of today on the
 * intervals page, which streaks skip as they skip weekends; a weekend is refused with the
 * server's reason; a day is removed again. English and Spanish.
 */

test.describe.configure({ timeout: 90_000 });

const TEXTS = {
  en: {
    section: 'Days without school',
    field: 'Day without school',
    add: 'Add day without school',
    none: 'No days without school marked yet.',
    weekend: HOLIDAY_MESSAGES.notAWeekday,
    added: (day: string) => `${day} added as a day without school.`,
    removed: (day: string) => `${day} is a school day again.`,
    remove: (day: string) => `Remove ${day}`,
  },
  es: {
    section: 'Días sin clases',
    field: 'Día sin clases',
    add: 'Agregar día sin clases',
    none: 'Todavía no hay días sin clases marcados.',
    weekend: 'Los sábados y domingos ya son días sin clases',
    added: (day: string) => `${day} se agregó como día sin clases.`,
    removed: (day: string) => `${day} vuelve a ser un día de clases.`,
    remove: (day: string) => `Quitar ${day}`,
  },
} as const;

/** The first day from `from` on that is (or is not) a weekday. */
function firstDay(from: string, weekday: boolean): string {
  let date = from;
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) === weekday) {
    date = addDays(date, 1);
  }
  return date;
}

for (const language of ['en', 'es'] as const satisfies Language[]) {
  test(`a coordinator marks a day without school, a weekend is refused, and the day is removed (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    const texts = TEXTS[language];
    const school = await createSchool(request);
    await paySubscription(request, school.coordinator);
    if (language === 'es') await setLanguage(request, school.coordinator, 'es');
    await signIn(page, school.coordinator.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/schools/semesters');

    const section = page.getByRole('region', { name: texts.section });
    await expect(section.getByText(texts.none)).toBeVisible();
    const field = section.getByLabel(texts.field);
    const add = section.getByRole('button', { name: texts.add });

    // Saturdays and Sundays are days off already: the server says so.
    const today = localDate(new Date(), 'America/Denver');
    const saturday = firstDay(addDays(today, 1), false);
    await field.fill(isoToLocalDate(saturday, language));
    await add.click();
    await expect(section.getByRole('alert')).toContainText(texts.weekend);
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await attachAtBothWidths(page, testInfo, `holidays-weekend-refused-${language}`);

    // A weekday after tomorrow: listed with its date as the reader's language writes it.
    const holiday = firstDay(addDays(today, 2), true);
    const name = dateFormat(language, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${holiday}T00:00:00Z`));
    await field.fill(isoToLocalDate(holiday, language));
    await expect(section.getByRole('alert')).toHaveCount(0);
    await add.click();
    await expect(section.getByRole('status')).toHaveText(texts.added(name));
    await expect(field).toHaveValue('');
    await expect(section.getByRole('listitem')).toHaveText([new RegExp(`^${name}`)]);
    await expectNoAxeViolations(page);
    await attachAtBothWidths(page, testInfo, `holidays-listed-${language}`);

    // It stays after a reload, then goes with Remove.
    await page.reload();
    const remove = section.getByRole('button', { name: texts.remove(name) });
    await remove.click();
    await expect(section.getByRole('status')).toHaveText(texts.removed(name));
    await expect(section.getByText(texts.none)).toBeVisible();
    await expect(remove).toHaveCount(0);
  });
}
