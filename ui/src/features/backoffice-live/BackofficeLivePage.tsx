import { useQuery } from '@tanstack/react-query';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBroadcastOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { CATALOGUE_PATH, CATALOGUE_TITLE } from '@/features/backoffice/desks';
import type { LiveSourceChannel } from '@/generated/LiveSourceChannel';
import { isAccessRefusal, liveSourcesQueryOptions } from './api/live-api';
import { ChannelCard } from './ChannelCard';
import { sourceServer } from './format';
import { LiveGate, LiveRefusal } from './LiveGate';
import { LIVE_MESSAGES } from './messages';
import classes from './Live.module.css';

/**
 * /a1aovivo: each channel's live input (permission 7), the studio's view of Onda as an Icecast
 * server. Reached from the profile menu and from the catalogue's home, hence its crumb.
 */
export function BackofficeLivePage() {
  return (
    <PageFrame
      title={LIVE_MESSAGES.title}
      breadcrumbs={[{ label: CATALOGUE_TITLE, to: CATALOGUE_PATH }]}
      description={LIVE_MESSAGES.description}
      noindex
    >
      <LiveGate>{(userId, channels) => <Channels userId={userId} first={channels} />}</LiveGate>
    </PageFrame>
  );
}

function Channels({ userId, first }: { userId: number; first: LiveSourceChannel[] }) {
  // The gate's own query (the same cache entry): its refreshes every 5 seconds land here, and a
  // refresh that fails keeps the last answer on screen with a notice.
  const sources = useQuery(liveSourcesQueryOptions(userId));
  const channels = sources.data ?? first;
  if (sources.isError && isAccessRefusal(sources.error))
    return <LiveRefusal error={sources.error} />;
  const server = sourceServer(window.location);

  return (
    <Stack gap="lg" data-testid="live-desk">
      {sources.isError && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="live-refresh-error"
        >
          {LIVE_MESSAGES.refreshError}
        </Alert>
      )}
      {channels.length === 0 ? (
        <EmptyState
          icon={IconBroadcastOff}
          title={LIVE_MESSAGES.empty}
          description={LIVE_MESSAGES.emptyText}
          data-testid="live-empty"
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {LIVE_MESSAGES.refreshNote}
          </Text>
          <div className={classes.list}>
            {channels.map((channel, index) => (
              <ChannelCard
                key={channel.streamId}
                userId={userId}
                channel={channel}
                main={index === 0}
                server={server}
              />
            ))}
          </div>
        </>
      )}
    </Stack>
  );
}
