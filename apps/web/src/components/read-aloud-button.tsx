import { Trans, useLingui } from '@lingui/react/macro';
import { Square, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isLanguage } from '@/i18n/languages';
import { readableText, SKIP_READING, speak } from '@/lib/platform/read-aloud';

/**
 * "Read aloud" (issue 34 §5, decision 0062): the page's main region spoken by the browser's own
 * speech synthesis in the page's language, for a child who cannot read yet; "Stop" while it
 * speaks. Nothing leaves the device. Shown through ./read-aloud.tsx.
 */
export function ReadAloudButton({ synthesis }: { synthesis: SpeechSynthesis }) {
  const { i18n } = useLingui();
  const [speaking, setSpeaking] = useState(false);
  // Leaving the page stops the reading of it.
  useEffect(() => () => synthesis.cancel(), [synthesis]);

  const toggle = () => {
    if (speaking) {
      synthesis.cancel();
      setSpeaking(false);
      return;
    }
    const main = document.querySelector('main');
    if (!main) return;
    setSpeaking(true);
    speak(synthesis, readableText(main), isLanguage(i18n.locale) ? i18n.locale : 'en', () =>
      setSpeaking(false),
    );
  };

  return (
    <Button variant="secondary" onClick={toggle} {...{ [SKIP_READING]: '' }}>
      {speaking ? (
        <>
          <Square aria-hidden className="size-5" />
          <Trans>Stop reading</Trans>
        </>
      ) : (
        <>
          <Volume2 aria-hidden className="size-5" />
          <Trans>Read aloud</Trans>
        </>
      )}
    </Button>
  );
}
