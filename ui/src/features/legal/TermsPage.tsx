import { Alert, Button, Group, Loader, Text, TypographyStylesProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { termsQueryOptions } from './api/get-terms';

export const TERMS_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSES TERMOS :(';
const LOAD_ERROR = 'Não foi possível carregar o texto. Tente novamente mais tarde.';

const TERMS = {
  privacidade: 'Política de privacidade',
  uso: 'Termos de uso',
} as const;

function isTermsSlug(slug: string): slug is keyof typeof TERMS {
  return Object.hasOwn(TERMS, slug);
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

function TermsText({ slug }: { slug: keyof typeof TERMS }) {
  const query = useQuery(termsQueryOptions(slug));
  if (query.isPending) return <Loader aria-label="Carregando" mx="auto" display="block" my="xl" />;
  if (query.isError) return <Alert color="red">{LOAD_ERROR}</Alert>;
  const updated = formatDate(query.data.updatedAt);
  return (
    <article>
      {updated && (
        <Text size="sm" c="dimmed" mb="md">
          Última atualização: {updated}
        </Text>
      )}
      <TypographyStylesProvider>
        {/* Sanitised by the server (S11). */}
        <div data-testid="legal-text" dangerouslySetInnerHTML={{ __html: query.data.content }} />
      </TypographyStylesProvider>
    </article>
  );
}

/** /termos/{privacidade|uso} (doc2 §2 Legal texts; /termos redirects here, C41; LG-02). */
export function TermsPage() {
  const { slug = '' } = useParams();

  if (!isTermsSlug(slug)) {
    return (
      <PageFrame title="Termos não encontrados">
        <NotFoundView message={TERMS_NOT_FOUND_TEXT} backTo="/termos" backLabel="Ver os termos" />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={TERMS[slug]}>
      <Group gap="xs" mb="xl" component="nav" aria-label="Documentos legais">
        {Object.entries(TERMS).map(([key, title]) => (
          <Button
            key={key}
            component={Link}
            to={`/termos/${key}`}
            size="xs"
            variant={key === slug ? 'filled' : 'default'}
            aria-current={key === slug ? 'page' : undefined}
          >
            {title}
          </Button>
        ))}
      </Group>
      <TermsText slug={slug} />
    </PageFrame>
  );
}
