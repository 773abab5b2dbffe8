import { CONSENT_STATEMENTS, type PolicySlug, policyPath } from '@wellbank/domain';
import type { ReactNode } from 'react';

/** The words of a statement that name a policy, and the page each one links to. */
const POLICY_PHRASES: Record<string, PolicySlug> = {
  'privacy policy': 'privacy',
  'terms of use': 'terms',
  'code of conduct': 'code-of-conduct',
};
const PHRASE = new RegExp(`(${Object.keys(POLICY_PHRASES).join('|')})`);

/**
 * A consent statement with each policy it names linked to its page, in a new tab so that a form
 * half filled in is not lost. The words are the statement's own, which the consent record stores.
 */
export function linkPolicies(statement: string): ReactNode {
  return statement.split(PHRASE).map((part) => {
    const slug = POLICY_PHRASES[part];
    if (!slug) return part;
    return (
      <a
        key={part}
        href={policyPath(slug)}
        target="_blank"
        rel="noopener"
        className="font-semibold text-accent-strong underline underline-offset-2"
      >
        {part}
      </a>
    );
  });
}

/** The label of every "I agree to the privacy policy, terms of use and code of conduct" box. */
export function PoliciesAgreementLabel() {
  return <>{linkPolicies(CONSENT_STATEMENTS.policies)}</>;
}
