import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Download as DownloadIcon, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { apiDownload, type Download, errorText } from '@/lib/platform/api-client';

/** Hands a fetched file to the browser's own download (a link with `download`, clicked once). */
function saveDownload({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a moment later frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A button that downloads an export (issue 13, decision 0021). While the server prepares the
 * file the button says so and ignores clicks, yet keeps the focus (a disabled button would drop
 * it); the outcome is announced (role="status" or "alert").
 */
export function DownloadButton({
  path,
  label,
  pendingLabel,
  description,
}: {
  path: string;
  label: string;
  pendingLabel: string;
  /** What the file holds, said above the button and tied to it (aria-describedby). */
  description: string;
}) {
  const download = useMutation({ mutationFn: () => apiDownload(path), onSuccess: saveDownload });
  const descriptionId = useId();
  const Icon = download.isPending ? LoaderCircle : DownloadIcon;
  return (
    <div className="flex flex-col gap-3">
      <p id={descriptionId} className="text-slate-700">
        {description}
      </p>
      <Button
        variant="secondary"
        className="w-full sm:w-auto sm:self-start"
        aria-describedby={descriptionId}
        aria-disabled={download.isPending}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
      >
        <Icon aria-hidden className={download.isPending ? 'size-5 animate-spin' : 'size-5'} />
        {download.isPending ? pendingLabel : label}
      </Button>
      {download.isSuccess && (
        <StatusMessage>
          <Trans>Your download has started: {download.data.filename}</Trans>
        </StatusMessage>
      )}
      {download.isError && <ErrorBox messages={[errorText(download.error)]} />}
    </div>
  );
}
