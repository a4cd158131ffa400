import { IconGift } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';

/** /promocoes (doc2 §2 Promotions). The frame of the page; its content arrives in a later issue. */
export function PromotionsPage() {
  return (
    <PageFrame
      title="Promoções"
      description="Participe das promoções e concorra a prêmios, ingressos e experiências."
    >
      <EmptyState
        icon={IconGift}
        title="Promoções em breve"
        description="As promoções abertas e os resultados das encerradas vão aparecer aqui."
        links={[
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
          { label: 'Caça ao tesouro', to: '/caca-ao-tesouro' },
        ]}
      />
    </PageFrame>
  );
}
