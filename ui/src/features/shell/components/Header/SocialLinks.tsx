import { ActionIcon, Group, type GroupProps } from '@mantine/core';
import type { SocialLink } from '@/generated/SocialLink';
import { socialIcon } from '@/lib/brand-icons';

export interface SocialLinksProps extends GroupProps {
  links: SocialLink[];
  variant?: 'subtle' | 'light' | 'filled' | 'default';
  size?: 'md' | 'lg' | 'xl';
}

/** Contact channels the station profile lists beside its networks; the contact page shows them. */
const CONTACT_ONLY = new Set(['skype']);

/** The station's social networks as icon links (new tab). */
export function SocialLinks({
  links,
  variant = 'subtle',
  size = 'lg',
  ...groupProps
}: SocialLinksProps) {
  const networks = links.filter((link) => !CONTACT_ONLY.has(link.network));
  if (networks.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" {...groupProps}>
      {networks.map((link) => {
        const Icon = socialIcon(link.network);
        return (
          <ActionIcon
            key={`${link.network}-${link.url}`}
            component="a"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            title={link.label}
            variant={variant}
            color="gray"
            radius="xl"
            size={size}
          >
            <Icon size={20} stroke={1.7} aria-hidden />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
