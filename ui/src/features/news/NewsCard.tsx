import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { NewsItem } from '@/generated/NewsItem';
import { formatNewsDate, formatNewsDateTime, formatRelativeAge } from './format';
import { NewsPicture } from './NewsPicture';
import classes from './News.module.css';

export type NewsCardVariant = 'grid' | 'featured' | 'compact';

export interface NewsCardProps {
  item: NewsItem;
  variant?: NewsCardVariant;
  /** Use the shorter home title. */
  homeTitle?: boolean;
  /** Shows the 'Nova' badge (items found by checkForNewNews, G33). */
  isNew?: boolean;
  /** Heading level of the title inside its block. */
  headingOrder?: 2 | 3 | 4;
  /** Shows the age ('há 2 horas') instead of the date, the date and time in its tooltip. */
  relativeAge?: boolean;
  /**
   * The first card of a grid where it spans two columns and two rows on a wide screen (the home's
   * 'Por categoria'): its picture takes the height the rows give it and its title is larger, so
   * the date follows the title instead of an empty band.
   */
  lead?: boolean;
}

/** A news item as a link card: cover, category, title, date; PRO and 'new' badges. */
export function NewsCard({
  item,
  variant = 'grid',
  homeTitle = false,
  isNew = false,
  headingOrder = 3,
  relativeAge = false,
  lead = false,
}: NewsCardProps) {
  const title = homeTitle && item.titleHome ? item.titleHome : item.title;
  const Heading = `h${headingOrder}` as const;
  return (
    <article
      className={classes.card}
      data-variant={variant}
      data-lead={lead || undefined}
      data-testid={`news-card-${variant}`}
      data-news-id={item.id}
      data-source={item.source}
    >
      <Link to={`/noticias/${item.slug}`} className={classes.cardLink}>
        <div className={classes.cardMedia}>
          <NewsPicture item={item} wide={variant === 'featured'} className={classes.cardImage} />
          {(item.pro || isNew) && (
            <Group gap={4} className={classes.cardBadges}>
              {isNew && (
                <Badge color="red" size="sm" data-testid="new-news-badge">
                  Nova
                </Badge>
              )}
              {item.pro && (
                <Badge color="dark" size="sm" leftSection={<IconCrown size={12} aria-hidden />}>
                  PRO
                </Badge>
              )}
            </Group>
          )}
        </div>
        <div className={classes.cardBody}>
          <Text component="span" className={classes.cardCategory} data-testid="news-card-category">
            {item.source === 'reuters' ? 'Reuters' : item.categoryName}
          </Text>
          <Heading className={classes.cardTitle}>{title}</Heading>
          {variant === 'featured' && item.subtitle && (
            <Text className={classes.cardSubtitle}>{item.subtitle}</Text>
          )}
          {relativeAge ? (
            <Text
              component="time"
              dateTime={item.date}
              title={formatNewsDateTime(item.date)}
              className={classes.cardDate}
            >
              há {formatRelativeAge(item.date)}
            </Text>
          ) : (
            <Text component="time" dateTime={item.date} className={classes.cardDate}>
              {formatNewsDate(item.date)}
            </Text>
          )}
        </div>
      </Link>
    </article>
  );
}

/** The loading shape of a card. */
export function NewsCardSkeleton({ variant = 'grid' }: { variant?: NewsCardVariant }) {
  return (
    <div className={classes.card} data-variant={variant} aria-hidden data-testid="news-skeleton">
      <Skeleton className={classes.cardMedia} radius={0} />
      <div className={classes.cardBody}>
        <Skeleton height={10} width="30%" mb={10} />
        <Skeleton height={16} mb={6} />
        <Skeleton height={16} width="70%" />
      </div>
    </div>
  );
}
