import { IconChartLine } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /a1stats (doc3 §2.9). The frame of the page; its content arrives in a later issue. */
export function StatsPage() {
  return (
    <PageFrame
      title="Estatísticas"
      description="Ouvintes ao vivo, histórico e relatórios de impacto para a equipe da rádio."
      noindex
    >
      <EmptyState
        icon={IconChartLine}
        title="Painel em breve"
        description="O painel de estatísticas fica disponível para quem tem permissão, após o login."
        links={[{ label: 'Página inicial', to: '/' }]}
      />
    </PageFrame>
  );
}
