import { Group, SegmentedControl } from '@mantine/core';
import { IconFileSpreadsheet, IconMailOpened } from '@tabler/icons-react';
import type { InboxFolder } from '@/generated/InboxFolder';
import { exportCsvUrl, type InboxStatus } from './api/inbox-api';
import { DownloadButton } from './DownloadButton';
import { FolderNav } from './FolderNav';
import { MessageDetail } from './MessageDetail';
import { MessageList } from './MessageList';
import { INBOX_MESSAGES, STATUS_LABELS } from './messages';
import { useInboxParams } from './use-inbox-params';
import classes from './Inbox.module.css';

const STATUS_OPTIONS = (['unhandled', 'handled', 'all'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/**
 * The folders, then the list and the open message: side by side from 992 px, one after the other
 * below (the list, or the message with a way back).
 */
export function InboxWorkspace({ userId, folders }: { userId: number; folders: InboxFolder[] }) {
  const { params, href, go } = useInboxParams(folders);
  const folder = folders.find((candidate) => candidate.kind === params.kind);
  const label = folder?.label ?? '';

  return (
    <div data-testid="inbox">
      <FolderNav folders={folders} current={params.kind} href={href} />
      <div className={classes.panes} data-has-item={params.itemId !== null || undefined}>
        <section className={classes.listPane} aria-label={`Mensagens: ${label}`}>
          <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Mostrar"
              size="sm"
              radius="xl"
              value={params.status}
              data={STATUS_OPTIONS}
              onChange={(value) => go({ status: value as InboxStatus, page: 1 })}
            />
            <DownloadButton
              href={exportCsvUrl(params.kind)}
              fallbackName={`${params.kind}.csv`}
              icon={IconFileSpreadsheet}
              aria-label={`${INBOX_MESSAGES.exportCsv}: ${label}`}
            >
              {INBOX_MESSAGES.exportCsv}
            </DownloadButton>
          </Group>
          <MessageList
            userId={userId}
            kind={params.kind}
            status={params.status}
            page={params.page}
            openId={params.itemId}
            href={href}
            go={go}
          />
        </section>
        <section className={classes.detailPane} aria-label="Mensagem aberta">
          {params.itemId !== null ? (
            <MessageDetail
              key={params.itemId}
              userId={userId}
              id={params.itemId}
              backHref={href({ itemId: null })}
            />
          ) : (
            <div className={classes.placeholder}>
              <IconMailOpened size={40} stroke={1.4} aria-hidden />
              <p>{INBOX_MESSAGES.pickOne}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
