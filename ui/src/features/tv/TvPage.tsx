import { Alert, Skeleton, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { tvChannelsQueryOptions } from '@/features/videos/api/videos-api';

/** The embed's height on every screen (doc3 §2.4). */
export const TV_HEIGHT = 650;
export const TV_ERROR_TEXT = 'Não foi possível carregar a TV. Tente de novo mais tarde.';

/**
 * /tv (doc3 §2.4, VD-03): two tabs, '{product} TV' and 'Letra e Tradução', switching the source of
 * one autoplay embed 650 px high.
 */
export function TvPage() {
  const channels = useQuery(tvChannelsQueryOptions());
  const [active, setActive] = useState<string | null>('0');
  const list = channels.data ?? [];
  const current = list[Number(active ?? 0)] ?? list[0];

  return (
    <PageFrame
      title="TV"
      description="A programação ao vivo em vídeo e os clipes com letra e tradução."
    >
      {channels.isPending ? (
        <Skeleton h={TV_HEIGHT} />
      ) : channels.isError || !current ? (
        <Alert color="red" role="alert">
          {TV_ERROR_TEXT}
        </Alert>
      ) : (
        <Tabs value={active} onChange={setActive} keepMounted={false}>
          <Tabs.List mb="md">
            {list.map((channel, index) => (
              <Tabs.Tab key={channel.label} value={String(index)}>
                {channel.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <iframe
            key={current.embedUrl}
            src={current.embedUrl}
            title={current.label}
            width="100%"
            height={TV_HEIGHT}
            style={{ border: 0, display: 'block' }}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            data-testid="tv-embed"
          />
        </Tabs>
      )}
    </PageFrame>
  );
}
