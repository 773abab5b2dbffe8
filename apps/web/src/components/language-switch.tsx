import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { chooseLanguage, useLanguage } from '@/i18n/language';
import { LANGUAGE_NAMES, LANGUAGES, type Language, rememberPickedLanguage } from '@/i18n/languages';
import { api, errorText } from '@/lib/platform/api-client';
import { cn } from '@/lib/platform/cn';
import { getSession, mergeSession } from '@/lib/platform/session';
import { Card } from './ui/card';
import { ErrorBox } from './ui/error-box';

/**
 * The language choice (issue 17): each language named in its own language, marked with its
 * `lang`. Signed in, the choice is also stored on the user (PATCH /users/{id} `{language}`), which
 * then wins on every device; signed out, this device remembers it, and the next sign-in stores it
 * on the account (decision 0066).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useLingui();
  const active = useLanguage();
  const [error, setError] = useState<string | null>(null);

  const choose = async (language: Language) => {
    setError(null);
    await chooseLanguage(language);
    const session = getSession();
    if (!session) {
      rememberPickedLanguage(language);
      return;
    }
    try {
      await api.patch(`/users/${session.id}`, { language }, { auth: true });
      mergeSession({ language });
    } catch (cause) {
      setError(errorText(cause));
    }
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <nav aria-label={t`Language`} className="flex justify-center gap-2">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={language === active}
            onClick={() => void choose(language)}
            className="min-h-11 rounded-full border-2 border-slate-300 px-4 text-sm font-semibold text-slate-800 aria-pressed:border-accent aria-pressed:bg-emerald-50 aria-pressed:text-accent-strong"
          >
            {LANGUAGE_NAMES[language]}
          </button>
        ))}
      </nav>
      {error && <ErrorBox messages={[error]} />}
    </div>
  );
}

/** The profile's language section (SPEC.md §2 /profile, issue 17). */
export function LanguageCard() {
  return (
    <Card aria-labelledby="language-title">
      <h2 id="language-title" className="mb-3 text-xl font-bold">
        <Trans>Language</Trans>
      </h2>
      <LanguageSwitch />
    </Card>
  );
}
