import { z } from 'zod';
import { CONSENT_KINDS } from './policy-versions.ts';

/** One entry of a school's Consent record (GET /schools/{id}/consents, decision 0024). */
export const consentRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONSENT_KINDS),
  /** The POLICY_VERSION of the texts agreed to (STRESS_NOTICE_VERSION for the stress kinds). */
  text_version: z.string(),
  /** ISO timestamp. */
  agreed_at: z.string(),
  person_name: z.string(),
  /** Null once the person's account is deleted: the school's record keeps the name. */
  user_id: z.number().int().nullable(),
  /** The student a stress opt-out or opt-in is about; null for the school's own records. */
  student_id: z.number().int().nullable().default(null),
  /** That student's name as it is now. */
  student_name: z.string().nullable().default(null),
  client_address: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export const consentRecordsSchema = z.array(consentRecordSchema);

/** GET /users/{id}/policy-consent: whether the user must agree to a newer version. */
export const policyConsentSchema = z.object({
  current_version: z.string(),
  /** The latest version the user agreed to; null if they never did (accounts made before 0024). */
  agreed_version: z.string().nullable(),
  due: z.boolean(),
});
export type PolicyConsent = z.infer<typeof policyConsentSchema>;

/** POST /users/{id}/policy-consent: the version the person read and agreed to. */
export const policyConsentRequestSchema = z.object({
  version: z.string({ error: 'version is required' }).max(40, 'version is too long'),
});
