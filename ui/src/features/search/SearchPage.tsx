import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { AppLink } from '@/components/AppLink/AppLink';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { SearchForm } from '@/components/SearchForm/SearchForm';
import { isExternalUrl } from '@/lib/url';
import { normalizeQuery, searchQueryOptions } from './api/search-api';
import classes from './Search.module.css';
import pageClasses from './SearchPage.module.css';

/** G56: the recommended text of a search without results. */
export const NO_RESULTS = 'Nenhum resultado encontrado.';

/** The address shown under a result: the full URL, without the scheme. */
function displayedUrl(link: string): string {
  const absolute = isExternalUrl(link) ? link : `${window.location.origin}${link}`;
  return absolute.replace(/^https?:\/\//, '');
}

/**
 * /busca?q={text} (doc1 §2 Search; G56): the results of the site search as title (the link) plus the
 * displayed address. Without a query: the box and an invitation (G43).
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = normalizeQuery(params.get('q') ?? '');
  const results = useQuery(searchQueryOptions(query));

  return (
    <PageFrame
      title={query ? `Busca: ${query}` : 'Busca'}
      heading={query ? `Resultados para “${query}”` : 'Buscar no site'}
    >
      <SearchForm className={pageClasses.box} size="lg" />
      {!query ? (
        <EmptyState
          icon={IconSearch}
          title="O que você procura?"
          description="Digite o nome de uma música, de um artista ou um assunto das notícias."
        />
      ) : results.isPending ? (
        <Stack gap="lg" maw={720} aria-busy="true" data-testid="search-results-loading">
          {Array.from({ length: 4 }, (_, index) => (
            <Stack gap={6} key={index}>
              <Skeleton height={20} width="70%" />
              <Skeleton height={14} width="45%" />
            </Stack>
          ))}
        </Stack>
      ) : results.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Não foi possível buscar agora"
          maw={720}
        >
          <Text size="sm" mb="sm">
            Verifique sua conexão e tente de novo.
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void results.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      ) : results.data.length === 0 ? (
        <EmptyState
          icon={IconSearch}
          title={NO_RESULTS}
          description="Tente outras palavras ou navegue pelas seções do site."
          links={[
            { label: 'Notícias', to: '/noticias' },
            { label: 'Músicas', to: '/musicas' },
            { label: 'Artistas', to: '/artistas' },
          ]}
        />
      ) : (
        <ol
          className={classes.results}
          aria-label="Resultados da busca"
          data-testid="search-results"
        >
          {results.data.map((result, index) => (
            <li key={`${result.link}-${index}`}>
              <AppLink to={result.link} className={classes.resultTitle}>
                {result.title}
              </AppLink>
              <Text className={classes.resultUrl}>{displayedUrl(result.link)}</Text>
            </li>
          ))}
        </ol>
      )}
    </PageFrame>
  );
}
