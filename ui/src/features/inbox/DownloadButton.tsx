import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { getAuthToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { downloadWithToken } from './api/inbox-api';
import { INBOX_MESSAGES } from './messages';

export interface DownloadButtonProps extends Omit<ButtonProps, 'children' | 'leftSection'> {
  href: string;
  /** The file name when the server gives none (bearer downloads only). */
  fallbackName: string;
  icon: Icon;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A link to a protected file. On the website the session cookie goes with it, so the browser
 * downloads it itself; the desktop app's session is a bearer token, so there the click fetches the
 * file with it and offers the result.
 */
export function DownloadButton({
  href,
  fallbackName,
  icon: IconComponent,
  children,
  ...buttonProps
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);

  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      size="sm"
      leftSection={<IconComponent size={16} aria-hidden />}
      loading={busy}
      onClick={(event) => {
        const token = getAuthToken();
        if (!token) return;
        event.preventDefault();
        setBusy(true);
        downloadWithToken(href, token, fallbackName)
          .catch(() => toast.error(INBOX_MESSAGES.downloadError))
          .finally(() => setBusy(false));
      }}
      {...buttonProps}
    >
      {children}
    </Button>
  );
}
