import { Alert, Card, Image, Loader, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import { top10CategoriesQueryOptions, top10QueryOptions } from './api/get-top10';
import { TOP10_NOT_FOUND_TEXT, TOP10_TRUNCATE, truncate } from './top';

/**
 * /as-10-mais/{slug or id?} (TP-01..TP-03): the category select (the station's own list first and by
 * default), 10 items with title and artist cut at 15 characters; a slug or a numeric id resolve to
 * the same list; an unknown one is the not-found view.
 */
export function Top10Page() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const categories = useQuery(top10CategoriesQueryOptions());
  const list = categories.data ?? [];
  const category = slug
    ? list.find((item) => item.categorySlug === slug || String(item.id) === slug)
    : list[0];
  const key = category ? String(category.id) : slug;
  const top = useQuery({ ...top10QueryOptions(key), enabled: !!key && categories.isSuccess });
  const notFound =
    (categories.isSuccess && !!slug && !category) ||
    (top.error instanceof ApiError && top.error.code === 404);

  if (notFound) {
    return (
      <PageFrame title="As 10 mais" noindex>
        <NotFoundView
          message={TOP10_NOT_FOUND_TEXT}
          backTo="/as-10-mais"
          backLabel="Ver as 10 mais"
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={category ? `As 10 mais: ${category.categoryName}` : 'As 10 mais'}
      description={category?.description}
      aside={
        list.length > 0 ? (
          <NativeSelect
            label="Categoria"
            value={category?.categorySlug ?? ''}
            data={list.map((item) => ({ value: item.categorySlug, label: item.categoryName }))}
            onChange={(event) => void navigate(`/as-10-mais/${event.currentTarget.value}`)}
          />
        ) : undefined
      }
    >
      {(categories.isError || (top.isError && !notFound)) && (
        <Alert color="red">Não foi possível carregar o ranking.</Alert>
      )}
      {(categories.isPending || top.isPending) && <Loader aria-label="Carregando ranking" />}
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="md">
        {(top.data ?? []).map((item) => (
          <Card
            key={item.position}
            component={Link}
            to={`/musicas/${item.musicSlug}+${item.artistSlug}`}
            withBorder
            padding="xs"
            radius="md"
            data-testid="top10-item"
          >
            <Image src={item.albumCover} alt="" radius="sm" />
            <Text fw={700} mt={4} title={item.musicName} data-testid="top10-title">
              {item.position}. {truncate(item.musicName, TOP10_TRUNCATE)}
            </Text>
            <Text size="sm" c="dimmed" title={item.artistName} data-testid="top10-artist">
              {truncate(item.artistName, TOP10_TRUNCATE)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
