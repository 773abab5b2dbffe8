import { describe, expect, it } from 'vitest';
import { translate } from './i18n/server.ts';
import {
  dailyReminderMail,
  dailyReminderPush,
  dayProgress,
  isQuietMinute,
  localClock,
  minuteToTime,
  REMINDER_MESSAGES,
  reminderLines,
  reminderSettingsSchema,
  timeToMinute,
  weeklySummaryMail,
} from './reminders.ts';

const STRESS_SET = { people: 1, money: 2, personal: 3, clock: 4, health: 5 };

describe('dayProgress', () => {
  it('counts a category once logged, and stress only with all five ratings', () => {
    const progress = dayProgress([
      { activity_type: 'sleep' },
      { activity_type: 'water' },
      { activity_type: 'stress', values: { ...STRESS_SET, clock: 0 } },
    ]);
    expect(progress).toEqual({
      logged: 2,
      total: 8,
      missing: ['stress', 'fitness', 'food', 'rest', 'sunshine', 'cleanliness'],
    });
    expect(dayProgress([{ activity_type: 'stress', values: STRESS_SET }]).logged).toBe(1);
  });
});

describe('reminderLines', () => {
  it('says how many are logged and to go, and names what is missing when it is short', () => {
    expect(
      reminderLines({ logged: 5, total: 8, missing: ['stress', 'water', 'sunshine'] }),
    ).toEqual({
      headline: "You've logged 5 of 8 today — 3 to go",
      detail: 'Still to log: Stress, Water and Sunshine.',
    });
    expect(reminderLines({ logged: 7, total: 8, missing: ['cleanliness'] }).detail).toBe(
      'Still to log: Hygiene.',
    );
    expect(
      reminderLines({ logged: 4, total: 8, missing: ['stress', 'water', 'sunshine', 'food'] }),
    ).toEqual({ headline: "You've logged 4 of 8 today — 4 to go" });
  });

  it('makes the push and the e-mail from the same lines', () => {
    const progress = { logged: 6, total: 8, missing: ['rest', 'sunshine'] as const };
    const push = dailyReminderPush({ ...progress, missing: [...progress.missing] });
    expect(push).toEqual({
      title: 'Wellbank',
      body: "You've logged 6 of 8 today — 2 to go. Still to log: Rest/Mindfulness and Sunshine.",
      url: '/dashboard',
      tag: 'wellbank-daily-reminder',
    });
    const mail = dailyReminderMail({
      firstName: 'Ana',
      progress: { ...progress, missing: [...progress.missing] },
      dashboardUrl: 'https://w.example/dashboard',
      unsubscribeUrl: 'https://w.example/unsubscribe?token=t',
    });
    expect(mail.subject).toBe("You've logged 6 of 8 today — 2 to go");
    expect(mail.text).toContain('https://w.example/unsubscribe?token=t');
  });
});

describe('weeklySummaryMail', () => {
  it("tells last week's figures of the progress page", () => {
    const mail = weeklySummaryMail({
      firstName: 'Ana',
      figures: {
        daysBanked: 5,
        weeklyBalanceCents: 1250,
        greenDays: 3,
        yellowDays: 1,
        redDays: 1,
        points: { earned: 420, needed: 1000 },
      },
      progressUrl: 'https://w.example/progress',
      unsubscribeUrl: 'https://w.example/unsubscribe?token=t',
    });
    expect(mail.subject).toBe('Your week on Wellbank: 5 days banked');
    expect(mail.text).toContain('Weekly balance: $12.50');
    expect(mail.text).toContain('Green days: 3 · yellow: 1 · red: 1');
    expect(mail.text).toContain('Points toward your target: 420 of 1000.');
  });
});

describe('quiet hours', () => {
  it('run from 20:00 to 07:00', () => {
    expect(isQuietMinute(timeToMinute('19:59'))).toBe(false);
    expect(isQuietMinute(timeToMinute('20:00'))).toBe(true);
    expect(isQuietMinute(timeToMinute('00:00'))).toBe(true);
    expect(isQuietMinute(timeToMinute('06:59'))).toBe(true);
    expect(isQuietMinute(timeToMinute('07:00'))).toBe(false);
  });
});

describe('localClock', () => {
  it('reads the school’s wall clock, weekday from Monday, across a DST change', () => {
    expect(localClock(new Date('2026-11-24T00:00:00Z'), 'America/Denver')).toEqual({
      date: '2026-11-23',
      minute: 17 * 60,
      weekday: 0,
    });
    expect(localClock(new Date('2026-03-08T09:00:00Z'), 'America/Denver').minute).toBe(180);
    expect(localClock(new Date('2026-03-08T08:59:00Z'), 'America/Denver').minute).toBe(119);
  });

  it('writes minutes back as times', () => {
    expect(minuteToTime(timeToMinute('07:05'))).toBe('07:05');
  });
});

describe('reminderSettingsSchema', () => {
  const valid = { enabled: true, time: '17:00', push: false, email: true, weekly_summary: false };
  it('needs a way to be reminded when reminders are on, and a real time', () => {
    expect(reminderSettingsSchema.safeParse(valid).success).toBe(true);
    const noChannel = reminderSettingsSchema.safeParse({ ...valid, email: false });
    expect(noChannel.error?.issues[0]?.message).toBe(REMINDER_MESSAGES.channelRequired);
    const late = reminderSettingsSchema.safeParse({ ...valid, time: '24:00' });
    expect(late.error?.issues[0]?.message).toBe(REMINDER_MESSAGES.timeInvalid);
    expect(
      reminderSettingsSchema.safeParse({ ...valid, enabled: false, email: false }).success,
    ).toBe(true);
  });
});

describe('the unsubscribe answers in Spanish (the unsubscribe page shows them)', () => {
  it('says in Spanish which e-mail is off and how to turn it on again', () => {
    expect(translate('es', REMINDER_MESSAGES.unsubscribedDaily)).toMatch(/^Los recordatorios/);
    expect(translate('es', REMINDER_MESSAGES.unsubscribedWeekly)).toMatch(/^El resumen semanal/);
  });
});
