/**
 * The names of the policies and of the consents, and the version of their texts (decision 0024):
 * small, so a page that only links a policy does not download the texts (policies.ts).
 * Any change to a text in policies.ts, or to a statement here, gets a new POLICY_VERSION, and
 * signed-in users are then asked to agree again.
 */
export const POLICY_VERSION = '2026-11-23';

export const POLICY_SLUGS = ['privacy', 'terms', 'code-of-conduct'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

/** What each consent record attests, in the words of the checkbox that asked for it. */
export const CONSENT_KINDS = [
  'parental_consent',
  'policies',
  'stress_check_in_on',
  'stress_check_in_off',
  'stress_opt_out',
  'stress_opt_in',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_STATEMENTS: Record<ConsentKind, string> = {
  parental_consent:
    /*i18n*/ 'The school certifies that it has parental consent for students under 13',
  policies: /*i18n*/ 'I agree to the privacy policy, terms of use and code of conduct',
  // The stress check-in's choices (decision 0073): versioned by STRESS_NOTICE_VERSION.
  stress_check_in_on: /*i18n*/ 'The school turned the stress check-in on',
  stress_check_in_off: /*i18n*/ 'The school turned the stress check-in off',
  stress_opt_out: /*i18n*/ 'The family opted the student out of the stress check-in',
  stress_opt_in: /*i18n*/ 'The family opted the student back in to the stress check-in',
};

/** The web path of a policy page. */
export function policyPath(slug: PolicySlug): string {
  return `/${slug}`;
}
