import { IconTreasureChest } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /caca-ao-tesouro (doc3 §2.8). The frame of the page; its content arrives in a later issue. */
export function TreasureHuntPage() {
  return (
    <PageFrame
      title="Caça ao tesouro"
      description="Navegue pelo site, encontre o baú e concorra a prêmios."
    >
      <EmptyState
        icon={IconTreasureChest}
        title="Fique ligado!"
        description="O regulamento, os prêmios e o botão para começar aparecem aqui quando houver uma caça ao tesouro ativa."
        links={[
          { label: 'Promoções', to: '/promocoes' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
