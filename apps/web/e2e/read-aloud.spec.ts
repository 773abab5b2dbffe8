import type { Page } from '@playwright/test';
import { createSchool, joinSchoolAsStudent, paySubscription } from './support/accounts.ts';
import { signInStudentOfPaidSchool } from './support/daily-logging.ts';
import { attachScreenshot } from './support/screenshots.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 34 §5: "Read aloud" speaks the child's page with the browser's own speech synthesis, in
 * the page's language. The speech is observed through a stand-in for window.speechSynthesis that
 * records each utterance's text and lang (headless Chromium has no voices to hear). The child's
 * pages' targets (44 × 44 px) are measured by target-size.spec.ts.
 */

interface Spoken {
  text: string;
  lang: string;
}

declare global {
  interface Window {
    spoken: Spoken[];
    cancels: number;
  }
}

/** Replaces speechSynthesis before the app loads: speak records and "speaks" until cancelled. */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    let current: SpeechSynthesisUtterance | null = null;
    window.spoken = [];
    window.cancels = 0;
    const stub = {
      speak(utterance: SpeechSynthesisUtterance) {
        window.spoken.push({ text: utterance.text, lang: utterance.lang });
        current = utterance;
      },
      cancel() {
        window.cancels += 1;
        const ended = current;
        current = null;
        ended?.onend?.(new Event('end') as SpeechSynthesisEvent);
      },
    };
    Object.defineProperty(window, 'speechSynthesis', { value: stub, configurable: true });
  });
}

const spoken = (page: Page) => page.evaluate(() => window.spoken);

test('the dashboard is read aloud in English, and Stop stops it', async ({
  page,
  request,
}, testInfo) => {
  await recordSpeech(page);
  await signInStudentOfPaidSchool(page, request);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  const [utterance, ...more] = await spoken(page);
  expect(more).toEqual([]);
  expect(utterance?.lang).toBe('en-US');
  const text = utterance?.text ?? '';
  // The words in reading order, the pictures by their names, not the button itself.
  const expected = [
    'Wellbank Account.',
    "Today's Balance.",
    "Today's colour:",
    'Food level grey.',
    'Stress.',
    'How stressed are you today? Rate it!',
    'Sleep.',
    'Try to get 9 hours of sleep!',
    'Freshen up!',
  ];
  const positions = expected.map((words) => text.indexOf(words));
  expect(
    positions.every((at) => at >= 0),
    text,
  ).toBe(true);
  expect(positions, text).toEqual([...positions].sort((a, b) => a - b));
  expect(text).not.toContain('Read aloud');

  const stop = page.getByRole('button', { name: 'Stop reading' });
  await expect(stop).toBeVisible();
  await attachScreenshot(page, testInfo, 'dashboard-reading');
  await stop.click();
  await expect(page.getByRole('button', { name: 'Read aloud' })).toBeVisible();
  expect(await page.evaluate(() => window.cancels)).toBeGreaterThan(0);
});

test('a stress page reads its question and the faces by their names', async ({ page, request }) => {
  await recordSpeech(page);
  await signInStudentOfPaidSchool(page, request);
  await page.goto('/stress/people');
  await page.getByRole('button', { name: 'Read aloud' }).click();
  const [utterance] = await spoken(page);
  expect(utterance?.lang).toBe('en-US');
  for (const words of [
    'Social',
    'How stressed do you feel about friends, family and other people today?',
    '1, no stress.',
    '5, very stressed.',
  ]) {
    expect(utterance?.text).toContain(words);
  }
});

test('without speech synthesis there is no Read aloud button', async ({ page, request }) => {
  await page.addInitScript(() =>
    Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true }),
  );
  await signInStudentOfPaidSchool(page, request);
  await expect(page.getByRole('heading', { name: 'Wellbank Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read aloud' })).toHaveCount(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' } });

  test('the dashboard and an entry page are read in Spanish', async ({
    page,
    request,
  }, testInfo) => {
    await recordSpeech(page);
    // The student signs up in Spanish (their stored language), and the phone speaks it.
    const school = await createSchool(request);
    await paySubscription(request, school.coordinator);
    const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
    await signInThroughStorage(page, request, student.email);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Leer en voz alta' }).click();
    await expect(page.getByRole('button', { name: 'Dejar de leer' })).toBeVisible();
    await attachScreenshot(page, testInfo, 'dashboard-es');
    const [dashboard] = await spoken(page);
    expect(dashboard?.lang).toBe('es-ES');
    expect(dashboard?.text).toContain('Cuenta Wellbank.');
    expect(dashboard?.text).toContain('Estrés.');
    expect(dashboard?.text).toContain('¿Cuánto estrés tienes hoy? ¡Califícalo!');

    await page.goto('/activities/water');
    await page.getByRole('button', { name: 'Leer en voz alta' }).click();
    const [water] = await spoken(page);
    expect(water?.lang).toBe('es-ES');
    // The counter's name once, then its buttons' names and its value.
    expect(water?.text).toContain('Vasos de agua.\nQuitar 1 a Vasos de agua.\n0.\n');
    expect(water?.text).toContain('Sumar 1 a Vasos de agua.');
    await attachScreenshot(page, testInfo, 'water-es');
  });
});
