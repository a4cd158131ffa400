import { NativeSelect } from '@mantine/core';
import { useNavigate } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useNewsCategories } from '@/lib/news-categories';
import { humanizeSlug } from '@/lib/text';
import { ALL_CATEGORIES_LABEL } from './messages';
import { NewsList } from './NewsList';
import classes from './News.module.css';

/**
 * /noticias and /noticias/{categorySlug} (doc2 §2 News list, C09): heading, category dropdown (all
 * categories first, then the fetched ones), the grid and 'Carregar Mais'. Choosing a category opens
 * its address, which starts again at 12.
 */
export function NewsListPage({ category }: { category?: string }) {
  const categories = useNewsCategories();
  const navigate = useNavigate();
  const name = category
    ? (categories.find((item) => item.slug === category)?.name ?? humanizeSlug(category))
    : undefined;

  const select = (
    <NativeSelect
      label="Categoria"
      className={classes.filter}
      value={category ?? ''}
      onChange={(event) => {
        const slug = event.currentTarget.value;
        void navigate(slug ? `/noticias/${slug}` : '/noticias');
      }}
      data={[
        { value: '', label: ALL_CATEGORIES_LABEL },
        ...categories.map((item) => ({ value: item.slug, label: item.name })),
      ]}
    />
  );

  return (
    <PageFrame
      title={name ?? 'Notícias'}
      breadcrumbs={category ? [{ label: 'Notícias', to: '/noticias' }] : []}
      description={
        name
          ? `As últimas notícias de ${name}.`
          : 'As últimas notícias do Brasil e do mundo: música, economia, política, saúde, tecnologia e muito mais.'
      }
      aside={select}
    >
      <NewsList key={category ?? ''} category={category} categoryName={name} />
    </PageFrame>
  );
}
