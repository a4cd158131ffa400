import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { SearchForm } from '@/components/SearchForm/SearchForm';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/constants';
import classes from './SearchPage.module.css';

/** /busca?q={text} (doc1 §2 Search). Without a query: the box and an empty state (G43). */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

  return (
    <PageFrame
      title={query ? `Busca: ${query}` : 'Busca'}
      heading={query ? `Resultados para “${query}”` : 'Buscar no site'}
    >
      <SearchForm className={classes.box} size="lg" />
      {query ? (
        <EmptyState
          icon={IconSearch}
          title="Resultados em breve"
          description="A busca completa no site está chegando. Enquanto isso, navegue pelas notícias e músicas."
          links={[
            { label: 'Notícias', to: '/noticias' },
            { label: 'Músicas', to: '/musicas' },
          ]}
        />
      ) : (
        <EmptyState
          icon={IconSearch}
          title="O que você procura?"
          description="Digite o nome de uma música, de um artista ou um assunto das notícias."
        />
      )}
    </PageFrame>
  );
}
