import { IconGift } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { PROMO_TITLE_MAX } from '@/lib/constants';
import { humanizeSlug } from '@/lib/text';

/** /promocoes/{slug} (doc2 §2 Promotions): one promotion; title cut at 40 characters. */
export function PromotionPage() {
  const { slug = '' } = useParams();
  const name = humanizeSlug(slug);
  return (
    <PageFrame
      title={name}
      titleMax={PROMO_TITLE_MAX}
      breadcrumbs={[{ label: 'Promoções', to: '/promocoes' }]}
    >
      <EmptyState
        icon={IconGift}
        title="Detalhes da promoção em breve"
        description="O regulamento, os prêmios e a participação nesta promoção vão aparecer aqui."
        links={[
          { label: 'Todas as promoções', to: '/promocoes' },
          { label: 'Ouvir ao vivo', to: '/ouvir-radio-online' },
        ]}
      />
    </PageFrame>
  );
}
