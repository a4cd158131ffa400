import type { ReactNode } from 'react';
import { Anchor, Box, Breadcrumbs, Container, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useDocumentTitle, useNoIndex } from '@/lib/document-title';
import classes from './PageFrame.module.css';

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageFrameProps {
  /** The page title of the document (cut to 60 characters, then ' | ' + station name). */
  title: string;
  /** The visible heading; defaults to the title. */
  heading?: ReactNode;
  /** Trail between 'Início' and the current page (the heading's plain text is the last crumb). */
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  /** Keeps the page out of search engines (C45). */
  noindex?: boolean;
  /** A shorter title limit (tag pages 32, promotions 40). */
  titleMax?: number;
  /** Content on the right of the heading (filters, actions). */
  aside?: ReactNode;
  /**
   * A page whose first screen is its content (the live page's player): on a phone or a short
   * window the band is tighter and its description smaller, so the content starts higher.
   */
  compactOnPhone?: boolean;
  children?: ReactNode;
}

/**
 * The frame of every page: breadcrumb trail, heading band and a content container. Later issues
 * fill the content; the frame already sets the document title and robots meta.
 */
export function PageFrame({
  title,
  heading,
  breadcrumbs = [],
  description,
  noindex = false,
  titleMax,
  aside,
  compactOnPhone = false,
  children,
}: PageFrameProps) {
  useDocumentTitle(title, titleMax);
  useNoIndex(noindex);
  const trail: Crumb[] = [{ label: 'Início', to: '/' }, ...breadcrumbs, { label: title }];

  return (
    <>
      <Box className={classes.band} data-compact={compactOnPhone || undefined}>
        <Container className={classes.inner}>
          <Breadcrumbs
            component="nav"
            aria-label="Você está em"
            className={classes.crumbs}
            separator={<IconChevronRight size={14} aria-hidden />}
            separatorMargin={6}
          >
            {trail.map((crumb, index) =>
              crumb.to && index < trail.length - 1 ? (
                <Anchor
                  key={`${crumb.label}-${index}`}
                  component={Link}
                  to={crumb.to}
                  className={classes.crumb}
                >
                  {crumb.label}
                </Anchor>
              ) : (
                <Text
                  key={`${crumb.label}-${index}`}
                  component="span"
                  className={classes.current}
                  aria-current="page"
                >
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
          <div className={classes.head}>
            <div className={classes.headText}>
              <span className={classes.eyebrow} aria-hidden />
              <Title order={1} className={classes.title}>
                {heading ?? title}
              </Title>
              {description && (
                <Text c="dimmed" size="lg" mt="xs" maw={720} className={classes.description}>
                  {description}
                </Text>
              )}
            </div>
            {aside}
          </div>
        </Container>
      </Box>
      <Container className={classes.body} data-compact={compactOnPhone || undefined}>
        {children}
      </Container>
    </>
  );
}
