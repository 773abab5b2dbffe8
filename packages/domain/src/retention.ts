/**
 * The retention schedule (decision 0023). The privacy policy states these figures as promises,
 * so the server's settings (RETENTION_* variables) may make a period shorter, never longer, and
 * the inactivity notice never later.
 */
export const RETENTION_LIMITS = {
  /** Per-activity detail is kept this many months after the school's last closed interval. */
  detailMonths: { min: 0, max: 3 },
  /** An account with no sign-in for this many months is deleted. */
  inactiveMonths: { min: 1, max: 12 },
  /** Adults are e-mailed this many days before their account is deleted. */
  noticeDays: { min: 30, max: 90 },
} as const;

export interface RetentionSettings {
  detailMonths: number;
  inactiveMonths: number;
  noticeDays: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = {
  detailMonths: RETENTION_LIMITS.detailMonths.max,
  inactiveMonths: RETENTION_LIMITS.inactiveMonths.max,
  noticeDays: RETENTION_LIMITS.noticeDays.min,
};
