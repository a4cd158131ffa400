import { ActionIcon, Group } from '@mantine/core';
import { shareTargets } from '../share';

export function ShareLinks({ url, text }: { url: string; text: string }) {
  return (
    <Group gap="xs" data-testid="share-links">
      {shareTargets(url, text).map(({ network, label, href, icon: IconComponent }) => (
        <ActionIcon
          key={network}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={label}
          title={label}
          data-network={network}
        >
          <IconComponent size={18} aria-hidden />
        </ActionIcon>
      ))}
    </Group>
  );
}
