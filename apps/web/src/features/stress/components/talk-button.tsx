import { Trans } from '@lingui/react/macro';
import { MessageCircleHeart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/platform/api-client';
import { useAskForTalk } from '../api/talk-request';

/**
 * "I'd like to talk to someone" (decision 0073): the school's counsellors learn the child's name
 * and that they asked, never a rating. One open request per child: a second tap is told so.
 */
export function TalkButton() {
  const ask = useAskForTalk();
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <Button
        variant="secondary"
        disabled={ask.isPending || ask.isSuccess}
        onClick={() => ask.mutate()}
      >
        <MessageCircleHeart aria-hidden className="size-5" />
        <Trans>I'd like to talk to someone</Trans>
      </Button>
      {ask.isSuccess && (
        <StatusMessage>
          <Trans>Your school's counsellor will come to you. Only your name was sent.</Trans>
        </StatusMessage>
      )}
      {ask.isError && <ErrorBox messages={[errorText(ask.error)]} />}
    </div>
  );
}
