import { describeAuditEntry, type SessionRecord, TEAM_MESSAGES } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../db/schema.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

/** A coordinator's Teams page: every team of the school, renamed or reset (decision 0046). */
const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const schoolId = () => cast.admin.school.id;

function renameAsCoordinator(teamId: number | null, name: unknown, caller = cast.admin) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/schools/${caller.school.id}/teams/${teamId}`,
    headers: as(caller),
    payload: { name } as object,
  });
}

function captainRename(captain: SessionRecord, name: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/teams/${captain.team_id}`,
    headers: as(captain),
    payload: { name },
  });
}

async function teamName(teamId: number | null): Promise<string | undefined> {
  const [team] = await t.db
    .select({ name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId ?? 0));
  return team?.name;
}

async function lastLogEntry() {
  const log = await t.app.inject({
    url: `/api/v1/schools/${schoolId()}/audit-log`,
    headers: as(cast.admin),
  });
  return log.json()[0];
}

describe('GET /schools/{id}/teams', () => {
  it('lists the school’s teams by name with captain and size, narrowed by a search', async () => {
    const all = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/teams`,
      headers: as(cast.admin),
    });
    expect(all.statusCode).toBe(200);
    const names = all.json().map((team: { name: string }) => team.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(all.json()).toContainEqual({
      id: cast.student.team_id,
      name: expect.any(String),
      captain_name: `${cast.student.first_name} ${cast.student.last_name}`,
      num_team_users: 2,
    });
    const found = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/teams?search=${cast.student.last_name.toUpperCase()}`,
      headers: as(cast.admin),
    });
    expect(found.json().map((team: { id: number }) => team.id)).toContain(cast.student.team_id);
    expect(JSON.stringify(found.json())).not.toContain(`"${cast.otherAdmin.team_id},`);
  });

  it('is for the school’s admins: staff 403, another school’s admin 404', async () => {
    const url = `/api/v1/schools/${schoolId()}/teams`;
    expect((await t.app.inject({ url, headers: as(cast.staff) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: as(cast.otherAdmin) })).statusCode).toBe(404);
  });
});

describe('PATCH /schools/{id}/teams/{teamId}', () => {
  it('renames any team of the school and resets it to its captain’s default, both in the activity log', async () => {
    const renamed = await renameAsCoordinator(cast.student.team_id, '  The   Comets ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: cast.student.team_id, name: 'The Comets' });
    const entry = await lastLogEntry();
    expect(entry).toMatchObject({
      action: 'team.coordinator_rename',
      actor: { id: cast.admin.id },
      target: { kind: 'team', id: cast.student.team_id, name: 'The Comets' },
    });
    expect(describeAuditEntry(entry)).toMatch(/ renamed the team .+ to The Comets$/);

    const reset = await renameAsCoordinator(cast.student.team_id, null);
    expect(reset.statusCode).toBe(200);
    const initial = cast.student.last_name.charAt(0).toUpperCase();
    const defaultName = `${cast.student.first_name} ${initial}.`;
    expect(reset.json().name).toBe(defaultName);
    expect(await teamName(cast.student.team_id)).toBe(defaultName);
    const resetEntry = describeAuditEntry(await lastLogEntry());
    expect(resetEntry).toMatch(/ renamed the team The Comets to /);
    expect(resetEntry.endsWith(` to ${defaultName}`)).toBe(true);
    // The first entry still names the names of its own time, not the team's current one.
    const log = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/audit-log`,
      headers: as(cast.admin),
    });
    expect(describeAuditEntry(log.json()[1])).toMatch(/ renamed the team .+ to The Comets$/);
  });

  it('refuses staff and students (403), another school’s team (404) and a bad name (422), changing nothing', async () => {
    const before = await teamName(cast.student.team_id);
    expect((await renameAsCoordinator(cast.student.team_id, 'X', cast.staff)).statusCode).toBe(403);
    expect((await renameAsCoordinator(cast.otherAdmin.team_id, 'X')).statusCode).toBe(404);
    const empty = await renameAsCoordinator(cast.student.team_id, '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: TEAM_MESSAGES.nameRequired });
    expect(await teamName(cast.student.team_id)).toBe(before);
  });
});

describe('the word filter on team names', () => {
  it.each(['Sh1t Happens', 'F u c k ers', 'Los Pendejos de Mierda', 'Hijo de puta'])(
    'refuses %o from a coordinator and from a captain (422)',
    async (name) => {
      const before = await teamName(cast.student.team_id);
      for (const response of [
        await renameAsCoordinator(cast.student.team_id, name),
        await captainRename(cast.student, name),
      ]) {
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ error: TEAM_MESSAGES.notAllowed });
      }
      expect(await teamName(cast.student.team_id)).toBe(before);
    },
  );

  it.each(['Scunthorpe Stars', 'Cass & Dickens', 'Los Cohetes'])(
    'lets %o through',
    async (name) => {
      expect((await renameAsCoordinator(cast.staff.team_id, name)).statusCode).toBe(200);
    },
  );
});
