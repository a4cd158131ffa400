import { Button, SimpleGrid } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '@/features/auth/messages';
import { useStation, useStationName } from '@/lib/station';
import { toast } from '@/lib/toast';
import { HUNT_STATUS_KEY, huntApi } from './api/hunt-api';
import { prizeShared } from './hunt-store';
import { HUNT_TEXTS, huntPageUrl } from './hunt-texts';
import { shareTargets } from '@/lib/share';
import classes from './HuntOverlays.module.css';

export interface HuntShareButtonsProps {
  prizeName: string;
}

/**
 * The three share buttons: each opens the network's share page for the hunt page in a new window
 * and records the share (`setShareSituation`), after which the user hunts again.
 */
export function HuntShareButtons({ prizeName }: HuntShareButtonsProps) {
  const { station } = useStation();
  const stationName = useStationName();
  const queryClient = useQueryClient();
  const url = huntPageUrl(station?.publicUrl);
  const text = `Encontrei um baú na Caça ao Tesouro da ${stationName} e ganhei ${prizeName}! Venha caçar também:`;

  const share = useMutation({
    mutationFn: huntApi.setShareSituation,
    onSuccess: () => {
      prizeShared();
      void queryClient.invalidateQueries({ queryKey: HUNT_STATUS_KEY });
      toast.success(HUNT_TEXTS.shared);
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(HUNT_TEXTS.shareFailed);
    },
  });

  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="hunt-share-buttons">
      {shareTargets(url, text).map(({ network, label, href, icon: ShareIcon, color }) => (
        <Button
          key={network}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Compartilhar no ${label}`}
          data-network={network}
          color={color}
          leftSection={<ShareIcon size={18} aria-hidden />}
          className={classes.shareButton}
          onClick={() => {
            if (!share.isPending) share.mutate(network);
          }}
        >
          {label}
        </Button>
      ))}
    </SimpleGrid>
  );
}
