import { z } from 'zod';
import { ACTIVITY_TITLES, ACTIVITY_TYPES, type ActivityType } from './activities.ts';
import { isStressComplete } from './balance.ts';
import { INTL_LOCALE, type Language } from './i18n/languages.ts';
import { ENGLISH, type Speaker, textTemplate } from './i18n/texts.ts';
import { HELLO, type MailText } from './mails.ts';
import { formatCents } from './money.ts';

/**
 * Reminders (issue 15, decision 0029): a daily reminder at a school-local time of the user's
 * choosing, by Web Push and/or e-mail, and an opt-in weekly summary by e-mail.
 */
export const REMINDER_DEFAULT_TIME = '17:00';

/** No reminder reaches a student from 20:00 to 07:00 school time, whatever they chose. */
export const QUIET_HOURS = { startMinute: 20 * 60, endMinute: 7 * 60 } as const;

/** The weekly summary goes out on Monday at 07:00 school time, as quiet hours end. */
export const WEEKLY_SUMMARY = { weekday: 0, minute: 7 * 60 } as const;

export const REMINDER_KINDS = ['daily', 'weekly'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export function isQuietMinute(minuteOfDay: number): boolean {
  return minuteOfDay >= QUIET_HOURS.startMinute || minuteOfDay < QUIET_HOURS.endMinute;
}

/** "17:00" → 1020. */
export function timeToMinute(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 1020 → "17:00". */
export function minuteToTime(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

export interface LocalClock {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Minutes since local midnight, 0–1439. */
  minute: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `instant`: the date, the minute of the day and the weekday. */
export function localClock(instant: Date, timeZone: string): LocalClock {
  let format = clockFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clockFormatters.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const date = `${part.year}-${part.month}-${part.day}`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { date, minute: Number(part.hour) * 60 + Number(part.minute), weekday };
}

export const REMINDER_MESSAGES = {
  sectionTitle: /*i18n*/ 'Reminders',
  sectionIntro:
    /*i18n*/ 'A reminder at the time you choose on days you have not logged everything yet. Never more than one a day.',
  enabledLabel: /*i18n*/ 'Remind me to log my day',
  timeLabel: /*i18n*/ 'Time of day (school time)',
  channelsLegend: /*i18n*/ 'How to remind me',
  pushLabel: /*i18n*/ 'A notification on this device',
  emailLabel: /*i18n*/ 'An e-mail',
  weeklyLabel: /*i18n*/ 'A weekly summary by e-mail on Monday morning',
  save: /*i18n*/ 'Save reminders',
  saved: /*i18n*/ 'Your reminder settings were saved.',
  timeInvalid: /*i18n*/ 'Please choose a time of day',
  channelRequired:
    /*i18n*/ 'Please choose how to be reminded: a notification on this device or an e-mail',
  studentQuietHours:
    /*i18n*/ 'No reminders reach students between 8:00 pm and 7:00 am: choose a time between 7:00 am and 8:00 pm.',
  pushUnsupported:
    /*i18n*/ 'This browser cannot show notifications from Wellbank. Choose e-mail, or install Wellbank on your home screen.',
  pushDenied:
    /*i18n*/ 'Notifications are blocked for Wellbank in this browser. Allow them in the site settings, or choose e-mail.',
  pushFallback: /*i18n*/ 'Time to log your day on Wellbank.',
  pushThisDeviceOn: /*i18n*/ 'Notifications are on for this device.',
  /** After a save whose push this browser refused: the rest was saved, push stays off. */
  pushOff: /*i18n*/ 'Notifications stay off on this device.',
  pushInvalid: /*i18n*/ 'This is not a push subscription Wellbank can send to',
  pushOtherAccount:
    /*i18n*/ "This device already gets another account's reminders. Sign that account out on this device first.",
  unsubscribeTitle: /*i18n*/ 'Stop these e-mails',
  unsubscribeDailyQuestion: /*i18n*/ 'Turn off e-mail reminders for your Wellbank account?',
  unsubscribeWeeklyQuestion:
    /*i18n*/ 'Turn off the weekly summary e-mail for your Wellbank account?',
  unsubscribeButton: /*i18n*/ 'Turn off',
  unsubscribedDaily:
    /*i18n*/ 'E-mail reminders are off. You can turn them on again under Reminders on your profile.',
  unsubscribedWeekly:
    /*i18n*/ 'The weekly summary is off. You can turn it on again under Reminders on your profile.',
  unsubscribeLinkInvalid: /*i18n*/ 'This link is not valid, or it has already been used',
} as const;

export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    time: z
      .string({ error: REMINDER_MESSAGES.timeInvalid })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_MESSAGES.timeInvalid),
    push: z.boolean(),
    email: z.boolean(),
    weekly_summary: z.boolean(),
  })
  .strict()
  .refine((s) => !s.enabled || s.push || s.email, {
    message: REMINDER_MESSAGES.channelRequired,
    path: ['push'],
  });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const REMINDER_DEFAULTS: ReminderSettings = {
  enabled: false,
  time: REMINDER_DEFAULT_TIME,
  push: false,
  email: false,
  weekly_summary: false,
};

/** The answer of GET/PUT /users/{id}/reminders: the settings and the devices with push on. */
export const reminderSettingsRecordSchema = z.object({
  enabled: z.boolean(),
  time: z.string(),
  push: z.boolean(),
  email: z.boolean(),
  weekly_summary: z.boolean(),
  push_devices: z.number().int(),
});
export type ReminderSettingsRecord = z.infer<typeof reminderSettingsRecordSchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, REMINDER_MESSAGES.pushInvalid);

/** PushSubscription.toJSON() as a browser sends it (the endpoint is checked by the server too). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: REMINDER_MESSAGES.pushInvalid }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url.min(80, REMINDER_MESSAGES.pushInvalid).max(100),
    auth: base64url.min(16, REMINDER_MESSAGES.pushInvalid).max(32),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export interface DayProgress {
  logged: number;
  total: number;
  /** The categories still to log, in menu order (stress first). */
  missing: ActivityType[];
}

const MENU_ORDER: readonly ActivityType[] = [
  'stress',
  ...ACTIVITY_TYPES.filter((t) => t !== 'stress'),
];

/** What today still needs: a category counts when logged, stress when all 5 ratings are set. */
export function dayProgress(
  activities: readonly { activity_type: ActivityType; values?: Readonly<Record<string, number>> }[],
): DayProgress {
  const done = new Set(
    activities
      .filter((a) => a.activity_type !== 'stress' || isStressComplete(a.values))
      .map((a) => a.activity_type),
  );
  const missing = MENU_ORDER.filter((type) => !done.has(type));
  return { logged: ACTIVITY_TYPES.length - missing.length, total: ACTIVITY_TYPES.length, missing };
}

/** Named in the reminder when this few are missing; more would make a list, not a nudge. */
const MISSING_NAMED_UP_TO = 3;

function listWords(words: readonly string[], language: Language): string {
  if (language !== 'en') {
    return new Intl.ListFormat(INTL_LOCALE[language], { type: 'conjunction' }).format(words);
  }
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const LOGGED_SO_FAR = textTemplate(
  /*i18n*/ "You've logged {logged} of {total} today — {toGo} to go",
  { logged: 'number', total: 'number', toGo: 'number' },
);
const STILL_TO_LOG = textTemplate(/*i18n*/ 'Still to log: {names}.');

/** "You've logged 5 of 8 today — 3 to go" (the required line) and, if short, what is missing. */
export function reminderLines(
  progress: DayProgress,
  s: Speaker = ENGLISH,
): { headline: string; detail?: string } {
  const toGo = progress.total - progress.logged;
  const headline = s.t(LOGGED_SO_FAR, { logged: progress.logged, total: progress.total, toGo });
  if (progress.missing.length === 0 || progress.missing.length > MISSING_NAMED_UP_TO) {
    return { headline };
  }
  const names = progress.missing.map((type) => s.t(ACTIVITY_TITLES[type]));
  return { headline, detail: s.t(STILL_TO_LOG, { names: listWords(names, s.language) }) };
}

export interface PushPayload {
  title: string;
  body: string;
  /** Where a click on the notification goes. */
  url: string;
  /** A newer reminder replaces an older one on the device. */
  tag: string;
}

export function dailyReminderPush(progress: DayProgress, s: Speaker = ENGLISH): PushPayload {
  const { headline, detail } = reminderLines(progress, s);
  return {
    title: 'Wellbank',
    body: detail ? `${headline}. ${detail}` : `${headline}.`,
    url: '/dashboard',
    tag: 'wellbank-daily-reminder',
  };
}

export function dailyReminderMail(
  input: {
    firstName: string;
    progress: DayProgress;
    dashboardUrl: string;
    unsubscribeUrl: string;
  },
  s: Speaker = ENGLISH,
): MailText {
  const { headline, detail } = reminderLines(input.progress, s);
  return {
    subject: headline,
    text: [
      s.t(HELLO, { firstName: input.firstName }),
      '',
      `${headline}.`,
      ...(detail ? [detail] : []),
      '',
      s.t(/*i18n*/ 'Log the rest here:'),
      input.dashboardUrl,
      '',
      s.t(/*i18n*/ 'Turn off these e-mail reminders (no sign-in needed):'),
      input.unsubscribeUrl,
    ].join('\n'),
  };
}

/** Last week's figures of the progress page, as the weekly summary tells them. */
export interface WeeklyFigures {
  daysBanked: number;
  weeklyBalanceCents: number;
  greenDays: number;
  yellowDays: number;
  redDays: number;
  /** Points of the active interval and its target; null without an active interval. */
  points: { earned: number; needed: number } | null;
}

const WEEK_SUBJECT = textTemplate(
  /*i18n*/ 'Your week on Wellbank: {days, plural, one {# day} other {# days}} banked',
  { days: 'number' },
);
const DAYS_BANKED = textTemplate(/*i18n*/ 'Days banked: {days} of 7', { days: 'number' });
const WEEKLY_BALANCE = textTemplate(/*i18n*/ 'Weekly balance: {amount}');
const DAY_COLOURS = textTemplate(/*i18n*/ 'Green days: {green} · yellow: {yellow} · red: {red}', {
  green: 'number',
  yellow: 'number',
  red: 'number',
});
const POINTS_TOWARD = textTemplate(/*i18n*/ 'Points toward your target: {earned} of {needed}.', {
  earned: 'number',
  needed: 'number',
});

export function weeklySummaryMail(
  input: {
    firstName: string;
    figures: WeeklyFigures;
    progressUrl: string;
    unsubscribeUrl: string;
  },
  s: Speaker = ENGLISH,
): MailText {
  const f = input.figures;
  const target = f.points
    ? [s.t(POINTS_TOWARD, { earned: f.points.earned, needed: f.points.needed })]
    : [];
  return {
    subject: s.t(WEEK_SUBJECT, { days: f.daysBanked }),
    text: [
      s.t(HELLO, { firstName: input.firstName }),
      '',
      s.t(/*i18n*/ 'Last week (Monday to Sunday):'),
      s.t(DAYS_BANKED, { days: f.daysBanked }),
      s.t(WEEKLY_BALANCE, { amount: formatCents(f.weeklyBalanceCents, s.language) }),
      s.t(DAY_COLOURS, { green: f.greenDays, yellow: f.yellowDays, red: f.redDays }),
      ...target,
      '',
      s.t(/*i18n*/ 'Your progress:'),
      input.progressUrl,
      '',
      s.t(/*i18n*/ 'Turn off the weekly summary (no sign-in needed):'),
      input.unsubscribeUrl,
    ].join('\n'),
  };
}
