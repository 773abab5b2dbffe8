import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { SCHOOL_EXPORT_FILES } from './school-export-files.ts';
import { schoolExportZip } from './school-export-zip.ts';
import { readUserExport, type UserExport } from './user-export-sections.ts';

/** The actor's own data (decision 0021), the export logged first in the activity log. */
export async function exportUser(db: Db, actor: AuditActor, now: Date): Promise<UserExport> {
  const target = { kind: 'user', id: actor.actorUserId } as const;
  await recordAudit(db, { ...actor, action: 'user.export', target });
  return readUserExport(db, actor.actorUserId, now);
}

/** The school's data as a ZIP stream (decision 0021), the export logged first. */
export async function exportSchool(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; now: Date },
): Promise<Readable> {
  const { schoolId, now } = options;
  await recordAudit(db, {
    ...actor,
    action: 'school.export',
    target: { kind: 'school', id: schoolId },
  });
  return schoolExportZip(SCHOOL_EXPORT_FILES, db, schoolId, now);
}
