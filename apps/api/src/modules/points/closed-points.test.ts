import { addDays, localDate, type SessionRecord } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools, teams, users } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, joinTeam } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { maintenanceJob } from '../maintenance/maintenance.job.ts';
import { closeFinishedDays, recomputeClosedPoints } from './closed-points.ts';

/**
 * Decision 0043: what others see of a person's points counts only the school's closed days (up
 * to the day before yesterday, school time); the person sees their own at once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_ZONE = 'America/Denver';

const t = useTestApp();
beforeAll(async () => {
  // A Wednesday, 11:00 in Denver: the test's days never cross a midnight by accident.
  t.clock.set('2026-11-25T18:00:00Z');
});

/** The figures others read of `child` (staff's Student points, the family's team page). */
async function othersSee(staff: SessionRecord, family: SessionRecord, child: SessionRecord) {
  const list = await t.app.inject({
    url: `/api/v1/schools/${child.school.id}/students`,
    headers: as(staff),
  });
  const entry = (list.json() as { id: number; points: number }[]).find((p) => p.id === child.id);
  const team = (await t.app.inject({ url: '/api/v1/teams/me', headers: as(family) })).json();
  const members = await t.app.inject({
    url: `/api/v1/teams/${child.team_id}/users`,
    headers: as(family),
  });
  const member = (members.json() as { user: { id: number; points: number } }[]).find(
    (m) => m.user.id === child.id,
  );
  return { list: entry?.points, team: team.points, teamList: member?.user.points };
}

async function ownPoints(user: SessionRecord): Promise<number> {
  return (await t.app.inject({ url: `/api/v1/users/${user.id}`, headers: as(user) })).json().points;
}

async function closedThrough(schoolId: number): Promise<string | undefined> {
  const [row] = await t.db
    .select({ through: schools.pointsClosedThrough })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row?.through;
}

describe('points as others see them', () => {
  it("reach others once the day has closed, with yesterday's late edit; the owner sees them at once", async () => {
    const admin = await signUpSchool(t.app);
    const child = await joinSchool(t.app, admin.school.id);
    const family = await joinTeam(t, child.team_id);
    const calls = activityCalls(t, child.token);
    await closeFinishedDays(t.db, t.clock.now());

    await calls.putOk('water', { cups: 4, fruit: 0, vegetables: 0 }); // $2.00, 20 points
    expect(await ownPoints(child)).toBe(20);
    expect(await othersSee(admin, family, child)).toEqual({ list: 0, team: 0, teamList: 0 });

    // The next day: the first one is yesterday, still open to changes, so still nobody's.
    t.clock.advance(DAY_MS);
    await closeFinishedDays(t.db, t.clock.now());
    const yesterday = addDays(localDate(t.clock.now(), TIME_ZONE), -1);
    await calls.putOk('water', { cups: 8, fruit: 0, vegetables: 0 }, { date: yesterday }); // 40
    expect(await ownPoints(child)).toBe(40);
    expect(await othersSee(admin, family, child)).toEqual({ list: 0, team: 0, teamList: 0 });

    // The day after: it has closed, with its last figure, for everyone at once.
    t.clock.advance(DAY_MS);
    await maintenanceJob({ db: t.db, now: t.clock.now }).run({});
    expect(await closedThrough(admin.school.id)).toBe(yesterday);
    expect(await othersSee(admin, family, child)).toEqual({ list: 40, team: 40, teamList: 40 });
  });

  it('adds a closed day once however often the job runs, and catches up days it missed', async () => {
    const admin = await signUpSchool(t.app);
    const child = await joinSchool(t.app, admin.school.id);
    await closeFinishedDays(t.db, t.clock.now());
    await activityCalls(t, child.token).putOk('water', { cups: 2, fruit: 0, vegetables: 0 });
    t.clock.advance(5 * DAY_MS); // the job did not run for five days
    await closeFinishedDays(t.db, t.clock.now());
    await closeFinishedDays(t.db, t.clock.now());
    const closed = async () => {
      const [row] = await t.db
        .select({ user: users.closedPoints, team: teams.closedPoints })
        .from(users)
        .innerJoin(teams, eq(teams.captainUserId, users.id))
        .where(eq(users.id, child.id));
      return row;
    };
    expect(await closed()).toEqual({ user: 10, team: 10 });
    // The same as a recomputation from the days themselves.
    await recomputeClosedPoints(t.db, admin.school.id);
    expect(await closed()).toEqual({ user: 10, team: 10 });
  });
});
