import { Badge, Button, Skeleton } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { tagsQueryOptions } from './api/news-api';
import { NEWS_ERROR_TEXT } from './messages';
import classes from './News.module.css';

/** /noticias/tags (doc2 §2 Tags): every tag, each linking to /noticias/tags/{u}. */
export function NewsTagsPage() {
  const { data, isPending, isError, refetch } = useQuery(tagsQueryOptions());
  return (
    <PageFrame
      title="Tags"
      breadcrumbs={[{ label: 'Notícias', to: '/noticias' }]}
      description="Os assuntos das nossas notícias, reunidos por tema."
    >
      {isPending ? (
        <div className={classes.tagCloud} aria-busy="true" aria-label="Carregando tags">
          {Array.from({ length: 24 }, (_, index) => (
            <Skeleton key={index} height={30} width={70 + ((index * 37) % 80)} radius="sm" />
          ))}
        </div>
      ) : isError ? (
        <EmptyState
          icon={IconHash}
          title={NEWS_ERROR_TEXT}
          links={[{ label: 'Ver notícias', to: '/noticias' }]}
        >
          <Button mt="md" variant="light" onClick={() => void refetch()}>
            Tentar de novo
          </Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState
          icon={IconHash}
          title="Nenhuma tag disponível no momento."
          links={[{ label: 'Ver notícias', to: '/noticias' }]}
        />
      ) : (
        <ul className={classes.tagCloud} data-testid="tag-list">
          {data.map((tag) => (
            <li key={tag.u}>
              <Badge
                component={Link}
                to={`/noticias/tags/${tag.u}`}
                variant="light"
                size="xl"
                radius="sm"
                style={{ cursor: 'pointer', textTransform: 'none' }}
              >
                #{tag.n}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
