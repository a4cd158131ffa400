/**
 * The home page's 'As 10 mais' (doc2 §1 Home: the top 10): the station's own list, the default of
 * /as-10-mais, from the same queries as that page, so either one fills the other's cache.
 */
import { Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { ApiError } from '@/lib/api';
import { top10CategoriesQueryOptions, top10QueryOptions } from '@/features/top/api/get-top10';
import { useDrawnLater } from '@/lib/drawn-later';
import { HomeSection } from './HomeSection';
import classes from './HomePage.module.css';

const TOP10_SIZE = 10;

/** The error text of /as-10-mais. */
export const HOME_TOP10_ERROR_TEXT = 'Não foi possível carregar o ranking.';
/** When the station has no list yet, or its list is empty. */
export const HOME_TOP10_EMPTY_TEXT = 'Ranking em breve';

function Top10Skeleton() {
  return (
    <ol className={classes.top10List} aria-busy="true" aria-label="Carregando ranking">
      {Array.from({ length: TOP10_SIZE }, (_, index) => (
        <li key={index} className={classes.top10Row}>
          <Skeleton height={20} width={28} flex="none" />
          <Skeleton height={44} width={44} radius="sm" flex="none" />
          <span className={classes.top10Text}>
            <Skeleton height={14} width="70%" />
            <Skeleton height={12} width="45%" mt={6} />
          </span>
        </li>
      ))}
    </ol>
  );
}

export function HomeTop10() {
  const categories = useQuery(top10CategoriesQueryOptions());
  const category = categories.data?.[0];
  const key = category ? String(category.id) : undefined;
  const top = useDrawnLater(useQuery({ ...top10QueryOptions(key), enabled: key !== undefined }));
  // A list the server does not know (404) is no list: the empty state, as with none at all.
  const missing = top.error instanceof ApiError && top.error.code === 404;
  const failed = categories.isError || (top.isError && !missing);
  const items = top.data ?? [];

  let body;
  if (failed) {
    body = (
      <EmptyState compact headingOrder={3} icon={IconAlertTriangle} title={HOME_TOP10_ERROR_TEXT} />
    );
  } else if (categories.isPending || (key !== undefined && top.isPending)) {
    body = <Top10Skeleton />;
  } else if (items.length === 0) {
    body = (
      <EmptyState
        compact
        headingOrder={3}
        icon={IconTrophy}
        title={HOME_TOP10_EMPTY_TEXT}
        description="As músicas mais pedidas pelos ouvintes aparecem aqui."
      />
    );
  } else {
    body = (
      <ol className={classes.top10List} data-testid="home-top10">
        {items.map((item) => (
          <li key={item.position}>
            {/* Named by what the row shows, the words spaced as there (WCAG 2.5.3: a voice user
                says what they see). The names are whole: /as-10-mais cuts them at 15 characters
                (TP-01), the home's rows have the room and wrap a long one. */}
            <Link
              to={`/musicas/${item.musicSlug}+${item.artistSlug}`}
              className={`${classes.top10Row} ${classes.top10Link}`}
              aria-label={`${item.position}. ${item.musicName} – ${item.artistName}`}
              data-testid="home-top10-item"
            >
              <span className={classes.top10Rank} aria-hidden>
                {item.position}
              </span>{' '}
              <img
                src={item.albumCoverSmall || item.albumCover}
                alt=""
                loading="lazy"
                className={classes.top10Cover}
              />
              <span className={classes.top10Text}>
                <Text component="span" fw={800} size="sm">
                  {item.musicName}
                </Text>{' '}
                <Text component="span" size="xs" c="dimmed">
                  {item.artistName}
                </Text>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <HomeSection
      id="home-top10"
      title="As 10 mais"
      more={{ label: 'Ver ranking', to: '/as-10-mais' }}
    >
      {body}
    </HomeSection>
  );
}
