import type { ReactNode } from 'react';
import { Button, Group, Paper, Text, ThemeIcon, Title, type PaperProps } from '@mantine/core';
import { IconSparkles, type Icon } from '@tabler/icons-react';
import { AppLink } from '@/components/AppLink/AppLink';
import classes from './EmptyState.module.css';

export interface EmptyStateLink {
  label: string;
  to: string;
}

export interface EmptyStateProps extends Omit<PaperProps, 'title'> {
  icon?: Icon;
  title?: ReactNode;
  description?: ReactNode;
  links?: EmptyStateLink[];
  /** Smaller paddings for blocks inside a page (home sections). */
  compact?: boolean;
  /** Heading level of the title (2 on a page, 3 inside a section). */
  headingOrder?: 2 | 3 | 4;
  children?: ReactNode;
}

/** A designed empty state: icon, short text and useful links. */
export function EmptyState({
  icon: IconComponent = IconSparkles,
  title = 'Conteúdo em breve',
  description,
  links = [],
  compact = false,
  headingOrder = 2,
  children,
  ...paperProps
}: EmptyStateProps) {
  return (
    <Paper
      withBorder
      className={classes.root}
      data-compact={compact || undefined}
      data-testid="empty-state"
      {...paperProps}
    >
      <ThemeIcon
        size={compact ? 48 : 64}
        radius="xl"
        variant="gradient"
        className={classes.icon}
        aria-hidden
      >
        <IconComponent size={compact ? 24 : 32} stroke={1.6} />
      </ThemeIcon>
      <Title order={headingOrder} className={classes.title}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" mt="xs" className={classes.description}>
          {description}
        </Text>
      )}
      {children}
      {links.length > 0 && (
        <Group gap="sm" className={classes.links}>
          {links.map((link, index) => (
            <Button
              key={link.to}
              component={AppLink}
              to={link.to}
              variant={index === 0 ? 'filled' : 'default'}
              size={compact ? 'xs' : 'sm'}
            >
              {link.label}
            </Button>
          ))}
        </Group>
      )}
    </Paper>
  );
}
