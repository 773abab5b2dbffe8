import { useLingui } from '@lingui/react/macro';
import { POLICIES, POLICY_SLUGS, type PolicySlug, policyPath } from '@wellbank/domain';
import { Link } from 'react-router';
import { cn } from '@/lib/platform/cn';

/** The three policies, side by side: a parent reading one finds the others. */
export function PolicyNav({ current }: { current: PolicySlug }) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Policies`}>
      <ul className="flex flex-wrap gap-2">
        {POLICY_SLUGS.map((slug) => (
          <li key={slug}>
            <Link
              to={policyPath(slug)}
              aria-current={slug === current ? 'page' : undefined}
              className={cn(
                'flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-accent',
                slug === current
                  ? 'bg-accent-strong text-white ring-accent-strong'
                  : 'bg-white text-slate-800',
              )}
            >
              {i18n._(POLICIES[slug].title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
