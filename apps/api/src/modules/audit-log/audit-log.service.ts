import {
  type AuditEntry,
  type AuditLogQuery,
  type AuditTargetKind,
  INVALID_CURSOR_MESSAGE,
} from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/errors.ts';

export interface AuditPage {
  rows: AuditEntry[];
  total: number;
  nextCursor: string | undefined;
}

interface AuditRow {
  id: number | string;
  at: Date;
  action: AuditEntry['action'];
  actor_user_id: number | null;
  actor_name: string | null;
  target_kind: AuditTargetKind | null;
  target_id: number | null;
  target_name: string | null;
  detail: string | null;
  client_address: string | null;
}

/**
 * One page of a school's activity log, newest first, keyset on the id. Names are looked up now,
 * and only among the school's own people, teams and intervals: a deleted user's entries keep
 * their ids and show no name (decision 0025).
 */
export async function listAuditPage(
  db: Db,
  options: { schoolId: number; query: AuditLogQuery },
): Promise<AuditPage> {
  const { schoolId, query } = options;
  const before = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
  const [rows, counted] = await Promise.all([
    queryRows<AuditRow>(
      db,
      sql`select a.id, a.at, a.action, a.actor_user_id,
        actor.first_name || ' ' || actor.last_name as actor_name,
        a.target_kind, a.target_id,
        case a.target_kind
          when 'user' then tu.first_name || ' ' || tu.last_name
          when 'team' then tt.name
          when 'semester' then to_char(ts.start_date, 'MM/DD/YYYY') || ' to '
            || to_char(ts.end_date, 'MM/DD/YYYY')
        end as target_name,
        a.detail, a.client_address
      from audit_log a
      left join users actor on actor.id = a.actor_user_id and actor.school_id = a.school_id
      left join users tu on a.target_kind = 'user' and tu.id = a.target_id
        and tu.school_id = a.school_id
      left join teams tt on a.target_kind = 'team' and tt.id = a.target_id
        and tt.school_id = a.school_id
      left join semesters ts on a.target_kind = 'semester' and ts.id = a.target_id
        and ts.school_id = a.school_id
      where a.school_id = ${schoolId}${before === undefined ? sql`` : sql` and a.id < ${before}`}
      order by a.id desc
      limit ${query.limit + 1}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from audit_log where school_id = ${schoolId}`,
    ),
  ]);
  // One row more than the page says whether a next page exists.
  const page = rows.slice(0, query.limit).map(toAuditEntry);
  const last = page.at(-1);
  return {
    rows: page,
    total: counted[0]?.total ?? 0,
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.id) : undefined,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  const id = Number(row.id);
  const actor = row.actor_user_id === null ? null : { id: row.actor_user_id, name: row.actor_name };
  const target =
    row.target_kind === null || row.target_id === null
      ? null
      : { kind: row.target_kind, id: row.target_id, name: row.target_name };
  const at = new Date(row.at).toISOString();
  return {
    id,
    at,
    action: row.action,
    actor,
    target,
    detail: row.detail,
    client_address: row.client_address,
  };
}

const cursorSchema = z.tuple([z.literal('audit'), z.number().int().positive()]);

/** Opaque to clients: base64url of the last entry's id. */
export function encodeAuditCursor(id: number): string {
  return Buffer.from(JSON.stringify(['audit', id])).toString('base64url');
}

function decodeAuditCursor(cursor: string): number {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    payload = undefined;
  }
  const parsed = cursorSchema.safeParse(payload);
  if (!parsed.success) {
    throw new AppError('unprocessable', INVALID_CURSOR_MESSAGE);
  }
  return parsed.data[1];
}
