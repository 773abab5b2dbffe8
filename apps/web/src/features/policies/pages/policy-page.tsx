import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { POLICIES, POLICY_VERSION, type PolicySection, type PolicySlug } from '@wellbank/domain';
import { ArrowLeft, HeartPulse } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { domainText } from '@/i18n/domain-text';
import { useSession } from '@/lib/platform/session';
import { PolicyNav } from '../components/policy-nav';

function Section({ section }: { section: PolicySection }) {
  const { i18n } = useLingui();
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-bold">{i18n._(section.heading)}</h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="text-slate-800">
          {domainText(i18n, paragraph)}
        </p>
      ))}
      {section.items && (
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-slate-800">
          {section.items.map((item) => (
            <li key={item}>{domainText(i18n, item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /privacy, /terms and /code-of-conduct: public, signed in or not (issue #13). The texts come from
 * the domain package, the versioned place consent records point to.
 */
export function PolicyPage() {
  const slug = useLocation().pathname.slice(1) as PolicySlug;
  const policy = POLICIES[slug];
  const signedIn = Boolean(useSession());
  const { i18n } = useLingui();
  const title = i18n._(policy.title);
  useEffect(() => {
    document.title = i18n._(msg`${title} · Wellbank`);
    return () => {
      document.title = 'Wellbank';
    };
  }, [title, i18n]);

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-4 px-4 pt-6 pb-10">
      <header className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-xl font-extrabold text-accent-strong">
          <HeartPulse aria-hidden className="size-7" />
          Wellbank
        </p>
        <Link
          to={signedIn ? '/dashboard' : '/login'}
          className="flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-accent-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {signedIn ? <Trans>Back to Wellbank</Trans> : <Trans>Back to login</Trans>}
        </Link>
      </header>
      <PolicyNav current={slug} />
      <main>
        <Card aria-labelledby="policy-title" className="flex flex-col gap-5">
          <div className="flex flex-col gap-1">
            <h1 id="policy-title" className="text-2xl font-bold">
              {title}
            </h1>
            <p className="text-sm text-slate-600">
              <Trans>Version {POLICY_VERSION}</Trans>
            </p>
          </div>
          <p className="text-lg text-slate-800">{i18n._(policy.summary)}</p>
          {policy.sections.map((section) => (
            <Section key={section.heading} section={section} />
          ))}
        </Card>
      </main>
    </div>
  );
}
