import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CONSENT_STATEMENTS, type PolicySlug, policyPath } from '@wellbank/domain';
import type { ReactNode } from 'react';

/**
 * The words of a statement that name a policy, and the page each one links to. A translated
 * statement (the domain catalog) must use these phrases' translations for its links.
 */
const POLICY_PHRASES: [MessageDescriptor, PolicySlug][] = [
  [msg`privacy policy`, 'privacy'],
  [msg`terms of use`, 'terms'],
  [msg`code of conduct`, 'code-of-conduct'],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A consent statement with each policy it names linked to its page, in a new tab so that a form
 * half filled in is not lost. The words are the statement's own, which the consent record stores.
 */
export function linkPolicies(statement: string, i18n: I18n): ReactNode {
  const phrases = new Map(POLICY_PHRASES.map(([phrase, slug]) => [i18n._(phrase), slug]));
  const pattern = new RegExp(`(${[...phrases.keys()].map(escapeRegExp).join('|')})`);
  return statement.split(pattern).map((part) => {
    const slug = phrases.get(part);
    if (!slug) return part;
    return (
      <PolicyLink key={part} slug={slug}>
        {part}
      </PolicyLink>
    );
  });
}

/** A link to a policy's page, in a new tab so that a form half filled in is not lost. */
export function PolicyLink({ slug, children }: { slug: PolicySlug; children?: ReactNode }) {
  return (
    <a
      href={policyPath(slug)}
      target="_blank"
      rel="noopener"
      className="font-semibold text-accent-strong underline underline-offset-2"
    >
      {children}
    </a>
  );
}

/** The label of every "I agree to the privacy policy, terms of use and code of conduct" box. */
export function PoliciesAgreementLabel() {
  const { i18n } = useLingui();
  return <>{linkPolicies(i18n._(CONSENT_STATEMENTS.policies), i18n)}</>;
}
