import { NewsListPage } from './NewsListPage';

/** /noticias/{categorySlug} (doc2 §2, C09): the news of one of the 14 categories. */
export function NewsCategoryPage({ slug }: { slug: string }) {
  return <NewsListPage category={slug} />;
}
