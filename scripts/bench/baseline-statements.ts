/**
 * The SQL the app sends for `GET /api/v1/activities` and `PUT /api/v1/activities/{type}`, copied
 * from what Drizzle generates for auth/sessions.ts and activities/activities.service.ts. The
 * baseline server runs them; mirror-check.ts fails the bench when the app sends anything else.
 */
const session = `select "auth_sessions"."id", "auth_sessions"."last_used_at", "users"."id", "users"."school_id", "schools"."time_zone", coalesce((
        select array_agg("user_roles"."role"::text order by "user_roles"."role")
        from "user_roles" where "user_roles"."user_id" = "users"."id"), '{}') from "auth_sessions" inner join "users" on "users"."id" = "auth_sessions"."user_id" inner join "schools" on "schools"."id" = "users"."school_id" where "auth_sessions"."token_hash" = $1`;
const revoke = `delete from "auth_sessions" where "auth_sessions"."id" = $1`;
const touch = `update "auth_sessions" set "last_used_at" = $1 where ("auth_sessions"."id" = $2 and "auth_sessions"."last_used_at" < $3)`;
const todaysActivities = `select "activity_type", "total_cents", "properties" from "activities" where ("activities"."user_id" = $1 and "activities"."local_date" = $2) order by "activities"."activity_type" asc`;
const piggyBankColumns = (on: boolean) =>
  on
    ? `exists(select 1 from "piggy_banks"
          where "piggy_banks"."user_id" = "users"."id" and "piggy_banks"."spent_on" = $1), exists(select 1 from "piggy_banks"
          where "piggy_banks"."user_id" = "users"."id" and "piggy_banks"."earned_on" = $2)`
    : 'false, false';
const lockUser = `select "id" from "users" where "users"."id" = $1 for update`;
const daySql = (piggyBanks: boolean) => {
  let n = piggyBanks ? 2 : 0;
  const p = () => `$${++n}`;
  return `select "semesters"."id" is not null, coalesce("todays_summary"."day_points" + "todays_summary"."streak_points", 0), "yesterdays_summary"."is_complete", "yesterdays_summary"."streak_length", ${piggyBankColumns(piggyBanks)} from "users" left join "semesters" on ("semesters"."school_id" = "users"."school_id" and "semesters"."is_active" = ${p()} and "semesters"."start_date" <= ${p()} and "semesters"."end_date" >= ${p()}) left join "daily_summaries" "todays_summary" on ("todays_summary"."user_id" = "users"."id" and "todays_summary"."local_date" = ${p()}) left join "daily_summaries" "yesterdays_summary" on ("yesterdays_summary"."user_id" = "users"."id" and "yesterdays_summary"."local_date" = ${p()}) where "users"."id" = ${p()}`;
};
const earnPiggyBank = `insert into "piggy_banks" ("id", "user_id", "earned_on", "spent_on") values (default, $1, $2, default) on conflict do nothing`;
const dropPiggyBank = `delete from "piggy_banks" where ("piggy_banks"."user_id" = $1 and "piggy_banks"."earned_on" = $2)`;
const upsertActivity = `with "saved_activity" as (insert into "activities" ("id", "user_id", "activity_type", "local_date", "total_cents", "properties", "updated_at") values (default, $1, $2, $3, $4, $5, $6) on conflict ("user_id","activity_type","local_date") do update set "total_cents" = $7, "properties" = $8, "updated_at" = $9 returning "id") select "activity_type", "total_cents", "properties" from "activities" where ("activities"."user_id" = $10 and "activities"."local_date" = $11 and "activities"."activity_type" <> $12)`;
const saveSummary = `with "saved_summary" as (insert into "daily_summaries" ("user_id", "school_id", "local_date", "balance_cents", "food_cents", "energy_cents", "stress_cents", "is_complete", "streak_length", "day_points", "streak_points") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict ("user_id","local_date") do update set "balance_cents" = $12, "food_cents" = $13, "energy_cents" = $14, "stress_cents" = $15, "is_complete" = $16, "streak_length" = $17, "day_points" = $18, "streak_points" = $19 returning "user_id"), "saved_team" as (update "teams" set "points" = "teams"."points" + $20 where ($21 <> 0 and "teams"."id" in (select "team_id" from "team_members" where "team_members"."user_id" = $22)) returning "id") update "users" set "last_activity_logged_at" = $23, "points" = "users"."points" + $24 where "users"."id" = $25`;

export const STATEMENTS = {
  session,
  revoke,
  touch,
  todaysActivities,
  lockUser,
  day: daySql(false),
  dayWithPiggyBanks: daySql(true),
  earnPiggyBank,
  dropPiggyBank,
  upsertActivity,
  saveSummary,
};
