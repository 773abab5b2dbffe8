import { TODAYS_ACTIVITIES } from '../../apps/api/src/modules/activities/activities.service.ts';
import { DAY_STATEMENT_TEXTS } from '../../apps/api/src/modules/activities/day-statements.ts';
import { SESSION_USER, TOUCH_SESSION } from '../../apps/api/src/modules/auth/sessions.ts';

/**
 * The SQL the app sends for `GET /api/v1/activities` and `PUT /api/v1/activities/{type}`: the
 * texts of the app's own prepared statements (the session lookup and its once-a-minute touch,
 * today's activities and the write's, activities/day-statements.ts), and the rare revocation
 * copied from what Drizzle's query builder generates for auth/sessions.ts. The baseline server
 * runs them; mirror-check.ts fails the bench when the app sends anything else.
 */
const revoke = `delete from "auth_sessions" where "auth_sessions"."id" = $1`;
export const STATEMENTS = {
  session: SESSION_USER.text,
  revoke,
  touch: TOUCH_SESSION.text,
  todaysActivities: TODAYS_ACTIVITIES.text,
};

/** Every text the baseline may send. */
export const BASELINE_TEXTS = new Set([...Object.values(STATEMENTS), ...DAY_STATEMENT_TEXTS]);
