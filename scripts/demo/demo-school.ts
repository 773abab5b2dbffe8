import { ACTIVITY_TYPES, addDays, localDate, type SessionRecord } from '@wellbank/domain';
import type { InjectOptions } from 'fastify';
import type { WellbankApp } from '../../apps/api/src/app.ts';
import type { Db } from '../../apps/api/src/db/client.ts';
import { saveActivity } from '../../apps/api/src/modules/activities/activities.service.ts';
import type { AuthUser } from '../../apps/api/src/modules/auth/sessions.ts';
import { closeFinishedDays } from '../../apps/api/src/modules/points/closed-points.ts';
import { bearer, payOnTestCheckout } from '../../apps/api/src/test/fixtures.ts';
import {
  createRandom,
  type Random,
  randomProfile,
  randomValues,
  type UserProfile,
} from '../bench/random-day.ts';

/**
 * `npm run demo`'s school (issue 16 §8): signed up, paid, joined and logged through the product's
 * own routes and services with a clock moved back three weeks, so every balance, streak and point
 * is the domain's. Seeded random, so every run makes the same school.
 */

export const DEMO_PASSWORD = 'wellbank-demo';
export const DEMO_TIME_ZONE = 'America/Denver';
export const DEMO_STUDENTS = 60;
const STAFF = 4;
const FAMILIES = 12;
const HISTORY_DAYS = 21;
const SEED = 16;
const DOMAIN = 'demo.wellbank.example';
/** The printed student, who is also the Demo District's account (demo-district.ts). */
export const DEMO_STUDENT_EMAIL = `student@${DOMAIN}`;

const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Diego',
  'Ella',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jamal',
  'Kai',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Wes',
  'Yara',
  'Zoe',
  'Leo',
  'Maya',
  'Noah',
  'Ruby',
  'Theo',
];
const LAST_NAMES = [
  'Adams',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Moreno',
  'Nguyen',
  'Okafor',
  'Patel',
  'Reyes',
  'Silva',
  'Turner',
  'Walsh',
];

/** What a clock the app was built with must let the seed do: jump to an instant. */
export interface SettableClock {
  set(instant: string): void;
}

export interface DemoAccounts {
  schoolName: string;
  schoolCode: string;
  coordinator: string;
  staff: string;
  student: string;
  family: string;
  password: string;
}

interface Seeder {
  app: WellbankApp;
  db: Db;
  clock: SettableClock;
  random: Random;
  /** Each join from its own address: the lookup budget is per client address. */
  nextAddress: () => string;
}

async function call(seeder: Seeder, options: InjectOptions) {
  const response = await seeder.app.inject({ remoteAddress: seeder.nextAddress(), ...options });
  if (response.statusCode >= 300) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url}: ${response.statusCode} ${response.body}`,
    );
  }
  return response.json();
}

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

function person(seeder: Seeder, index: number, email?: string) {
  const first = pick(seeder.random, FIRST_NAMES);
  const last = pick(seeder.random, LAST_NAMES);
  return {
    first_name: first,
    last_name: last,
    email: email ?? `${first}.${last}.${index}@${DOMAIN}`.toLowerCase(),
    password: DEMO_PASSWORD,
  };
}

/** The whole demo school; answers the accounts to print. Takes about 10–20 s on PGlite. */
export async function seedDemoSchool(options: {
  app: WellbankApp;
  db: Db;
  clock: SettableClock;
}): Promise<DemoAccounts> {
  let address = 0;
  const seeder: Seeder = {
    ...options,
    random: createRandom(SEED),
    nextAddress: () => `198.51.100.${(address++ % 250) + 1}`,
  };
  const today = localDate(new Date(), DEMO_TIME_ZONE);
  const firstDay = addDays(today, -HISTORY_DAYS);
  // Signed up the morning before the history starts: its first interval covers every day.
  seeder.clock.set(`${addDays(firstDay, -1)}T16:00:00Z`);
  const school = await signUpDemoSchool(seeder);
  const staff = await joinStaff(seeder, school);
  const students = await joinStudents(seeder, school);
  const families = await joinFamilies(seeder, students);
  await logHistory(seeder, {
    people: [school, ...students, ...staff.slice(0, 2)],
    firstDay,
    today,
  });
  seeder.clock.set(new Date().toISOString());
  // The closed days reach what others see now, not at the hourly job's next run (decision 0043).
  await closeFinishedDays(seeder.db, new Date());
  return {
    schoolName: school.school.name,
    schoolCode: SCHOOL_CODE,
    coordinator: school.email ?? '',
    staff: staff[0]?.email ?? '',
    student: students[0]?.email ?? '',
    family: families[0]?.email ?? '',
    password: DEMO_PASSWORD,
  };
}

const SCHOOL_CODE = 'DEMO16';

async function signUpDemoSchool(seeder: Seeder): Promise<SessionRecord> {
  const coordinator = person(seeder, 0, `coordinator@${DOMAIN}`);
  const body = await call(seeder, {
    method: 'POST',
    url: '/api/v1/signup',
    payload: {
      school: {
        name: 'Maple Grove Elementary (demo)',
        code: SCHOOL_CODE,
        time_zone: DEMO_TIME_ZONE,
        contact_name: `${coordinator.first_name} ${coordinator.last_name}`,
        contact_email: `office@${DOMAIN}`,
        contact_phone: '303-555-0116',
        address: '16 Maple Grove Road',
        city: 'Denver',
        state: 'CO',
        zip_code: '80202',
      },
      user: { ...coordinator, password_confirmation: DEMO_PASSWORD },
    },
  });
  const admin: SessionRecord = body.user;
  // The built-in test checkout, paid as the tests pay it.
  return payOnTestCheckout(seeder.app, admin, {
    checkout: [
      '/api/v1/stripe-subscription-checkout-sessions',
      { school_id: admin.school.id, num_students: DEMO_STUDENTS },
    ],
    report: `/api/v1/schools/${admin.school.id}/payments`,
  });
}

async function joinSchool(seeder: Seeder, school: SessionRecord, index: number, email?: string) {
  const user = person(seeder, index, email);
  const joined: SessionRecord = await call(seeder, {
    method: 'POST',
    url: `/api/v1/schools/${school.school.id}/users`,
    payload: { user: { ...user, verify_password: DEMO_PASSWORD }, code: SCHOOL_CODE },
  });
  return joined;
}

/** Staff join as students (joining by code makes a student); the coordinator switches them. */
async function joinStaff(seeder: Seeder, school: SessionRecord): Promise<SessionRecord[]> {
  const staff: SessionRecord[] = [];
  for (let i = 1; i <= STAFF; i++) {
    const email = i === 1 ? `staff@${DOMAIN}` : undefined;
    const joined = await joinSchool(seeder, school, 1000 + i, email);
    await call(seeder, {
      method: 'PUT',
      url: `/api/v1/schools/${school.school.id}/users/${joined.id}/roles/staff`,
      headers: bearer(school.token),
    });
    staff.push({ ...joined, roles: ['staff'] });
  }
  return staff;
}

async function joinStudents(seeder: Seeder, school: SessionRecord): Promise<SessionRecord[]> {
  const students: SessionRecord[] = [];
  for (let i = 1; i <= DEMO_STUDENTS; i++) {
    const email = i === 1 ? DEMO_STUDENT_EMAIL : undefined;
    students.push(await joinSchool(seeder, school, i, email));
  }
  return students;
}

/** Family members join some students' teams by the captain's e-mail and make their donation. */
async function joinFamilies(seeder: Seeder, students: SessionRecord[]): Promise<SessionRecord[]> {
  const families: SessionRecord[] = [];
  for (let i = 1; i <= FAMILIES; i++) {
    const captain = students[(i * 7) % students.length] as SessionRecord;
    const email = i === 1 ? `family@${DOMAIN}` : undefined;
    const member: SessionRecord = await call(seeder, {
      method: 'POST',
      url: `/api/v1/teams/${captain.team_id}/signup`,
      payload: {
        user: { ...person(seeder, 2000 + i, email), verify_password: DEMO_PASSWORD },
        captain_email: captain.email,
      },
    });
    families.push(
      await payOnTestCheckout(seeder.app, member, {
        checkout: ['/api/v1/stripe-donation-checkout-sessions', { team_id: captain.team_id }],
        report: `/api/v1/teams/${captain.team_id}/payments`,
      }),
    );
  }
  return families;
}

/**
 * Three weeks of days, oldest first (streaks read yesterday's summary): each person logs as their
 * random profile says (some daily and complete, some rarely), every activity through saveActivity.
 */
async function logHistory(
  seeder: Seeder,
  options: { people: SessionRecord[]; firstDay: string; today: string },
) {
  const profiles = options.people.map((person) => ({
    user: authUser(person),
    profile: randomProfile(seeder.random),
  }));
  for (let day = options.firstDay; day <= options.today; day = addDays(day, 1)) {
    // Noon in Denver on past days; today, now (a later hour would be in the future).
    const instant = day === options.today ? new Date() : new Date(`${day}T19:00:00Z`);
    seeder.clock.set(instant.toISOString());
    for (const { user, profile } of profiles) {
      if (seeder.random() >= profile.loggingRate) continue;
      for (const [type, values] of demoDay(seeder.random, profile)) {
        await saveActivity(seeder.db, { user, type, values, now: instant });
      }
    }
  }
}

/**
 * One logged day: all eight categories on a complete day, otherwise one to four of them (a day
 * with only stress or food logged is a red one), so the days' colours vary as real ones do.
 */
function demoDay(random: Random, profile: UserProfile) {
  const complete = random() < profile.completeRate;
  const shuffled = [...ACTIVITY_TYPES].sort(() => random() - 0.5);
  const types = complete ? ACTIVITY_TYPES : shuffled.slice(0, 1 + Math.floor(random() * 4));
  return types.map((type) => [type, randomValues(type, random, profile.healthiness)] as const);
}

function authUser(record: SessionRecord): AuthUser {
  return {
    id: record.id,
    schoolId: record.school.id,
    timeZone: DEMO_TIME_ZONE,
    roles: record.roles,
    sessionId: 0,
    paymentDue: null,
    schoolPurgeAfter: null,
  };
}
