import { Button, Group, Text } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { useNewsCategories } from '@/lib/news-categories';
import classes from './News.module.css';

/** /noticias (doc2 §2 News). The list itself arrives with the news issue. */
export function NewsListPage() {
  const categories = useNewsCategories();
  return (
    <PageFrame
      title="Notícias"
      description="As últimas notícias do Brasil e do mundo: música, economia, política, saúde, tecnologia e muito mais."
    >
      <nav aria-label="Categorias" className={classes.chips}>
        <Text size="sm" fw={700} c="dimmed" mb="xs">
          Navegue por categoria
        </Text>
        <Group gap="xs">
          {categories.map((category) => (
            <Button
              key={category.slug}
              component={Link}
              to={`/noticias/${category.slug}`}
              variant="default"
              size="xs"
            >
              {category.name}
            </Button>
          ))}
        </Group>
      </nav>
      <EmptyState
        icon={IconNews}
        title="Notícias em breve"
        description="Em instantes as últimas notícias aparecem aqui. Enquanto isso, escolha uma categoria ou ouça a rádio ao vivo."
        links={[
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
          { label: 'Tags', to: '/noticias/tags' },
        ]}
      />
    </PageFrame>
  );
}
