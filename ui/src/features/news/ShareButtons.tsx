import { ActionIcon, Group } from '@mantine/core';
import { HintTooltip } from '@/components/HintTooltip/HintTooltip';
import { newsShareTargets } from './share';

export function ShareButtons({ url, text }: { url: string; text: string }) {
  return (
    <Group gap="xs" data-testid="share-buttons">
      {newsShareTargets(url, text).map(({ network, label, href, icon: ShareIcon, color }) => (
        <HintTooltip key={network} label={label}>
          <ActionIcon
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            data-network={network}
            size="lg"
            radius="xl"
            variant="filled"
            color={color}
          >
            <ShareIcon size={18} aria-hidden />
          </ActionIcon>
        </HintTooltip>
      ))}
    </Group>
  );
}
