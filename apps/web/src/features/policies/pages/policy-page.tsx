import { POLICIES, POLICY_VERSION, type PolicySection, type PolicySlug } from '@wellbank/domain';
import { ArrowLeft, HeartPulse } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { PolicyNav } from '../components/policy-nav';

function Section({ section }: { section: PolicySection }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-bold">{section.heading}</h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="text-slate-800">
          {paragraph}
        </p>
      ))}
      {section.items && (
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-slate-800">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
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
  useEffect(() => {
    document.title = `${policy.title} · Wellbank`;
    return () => {
      document.title = 'Wellbank';
    };
  }, [policy.title]);

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
          {signedIn ? 'Back to Wellbank' : 'Back to login'}
        </Link>
      </header>
      <PolicyNav current={slug} />
      <main>
        <Card aria-labelledby="policy-title" className="flex flex-col gap-5">
          <div className="flex flex-col gap-1">
            <h1 id="policy-title" className="text-2xl font-bold">
              {policy.title}
            </h1>
            <p className="text-sm text-slate-600">Version {POLICY_VERSION}</p>
          </div>
          <p className="text-lg text-slate-800">{policy.summary}</p>
          {policy.sections.map((section) => (
            <Section key={section.heading} section={section} />
          ))}
        </Card>
      </main>
    </div>
  );
}
