import { Button, Group } from '@mantine/core';
import { IconFileText, IconShieldLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';

export const TERMS_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSES TERMOS :(';

const TERMS = {
  privacidade: { title: 'Política de privacidade', icon: IconShieldLock },
  uso: { title: 'Termos de uso', icon: IconFileText },
} as const;

function isTermsSlug(slug: string): slug is keyof typeof TERMS {
  return Object.hasOwn(TERMS, slug);
}

/** /termos/{privacidade|uso} (doc2 §2 Legal texts; /termos redirects here, C41). */
export function TermsPage() {
  const { slug = '' } = useParams();

  if (!isTermsSlug(slug)) {
    return (
      <PageFrame title="Termos não encontrados">
        <NotFoundView message={TERMS_NOT_FOUND_TEXT} backTo="/termos" backLabel="Ver os termos" />
      </PageFrame>
    );
  }

  const { title, icon } = TERMS[slug];
  return (
    <PageFrame
      title={title}
      description="Como tratamos seus dados, cookies, publicidade, conteúdo enviado por usuários e assinaturas."
    >
      <Group gap="xs" mb="xl" component="nav" aria-label="Documentos legais">
        {Object.entries(TERMS).map(([key, value]) => (
          <Button
            key={key}
            component={Link}
            to={`/termos/${key}`}
            size="xs"
            variant={key === slug ? 'filled' : 'default'}
            aria-current={key === slug ? 'page' : undefined}
          >
            {value.title}
          </Button>
        ))}
      </Group>
      <EmptyState
        icon={icon}
        title="Texto completo em breve"
        description="O texto legal completo será publicado aqui. Pedidos sobre os seus dados são respondidos em até 5 dias pela página de contato."
        links={[{ label: 'Fale com a gente', to: '/contato' }]}
      />
    </PageFrame>
  );
}
