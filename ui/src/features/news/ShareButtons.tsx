import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { newsShareTargets } from './share';

export function ShareButtons({ url, text }: { url: string; text: string }) {
  return (
    <Group gap="xs" data-testid="share-buttons">
      {newsShareTargets(url, text).map(({ network, label, href, icon: ShareIcon, color }) => (
        <Tooltip key={network} label={label} withArrow>
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
        </Tooltip>
      ))}
    </Group>
  );
}
