import type { ReactNode } from 'react';
import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import classes from './HomePage.module.css';

export interface HomeSectionProps {
  id: string;
  title: string;
  more?: { label: string; to: string };
  children: ReactNode;
  className?: string;
}

/** A titled block of the home page with an optional 'see all' link. */
export function HomeSection({ id, title, more, children, className }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap">
        <Title order={2} id={id} className={classes.sectionTitle}>
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} className={classes.more}>
            {more.label}
            <IconArrowRight size={16} aria-hidden />
          </Anchor>
        )}
      </Group>
      {children}
    </section>
  );
}
