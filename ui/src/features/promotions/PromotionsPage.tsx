import { Alert, Button, Skeleton } from '@mantine/core';
import { IconGift, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { Promotion } from '@/generated/Promotion';
import { useBreakpoint } from '@/lib/breakpoints';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { LOAD_ERROR } from '@/lib/messages';
import { publishedPromotionsQueryOptions } from './api/promotions-api';
import { ClosedPromotions } from './ClosedPromotions';
import { FeaturedSlider } from './FeaturedSlider';
import { CLOSED_PER_PAGE, CLOSED_PER_PAGE_MOBILE, NO_PROMOTIONS_TEXT } from './promotions';
import classes from './Promotions.module.css';
import { useClosedPromotions } from './use-closed-promotions';

/**
 * /promocoes (doc2 §2 Promotions; PR-01, PR-02): the open promotions in a featured slider, then the
 * 'Promoções encerradas' grid, 8 a page (4 under 768 px, C18); 'Não há promoções no momento' when
 * there is none at all.
 */
export function PromotionsPage() {
  const { isMobile } = useBreakpoint();
  const perPage = isMobile ? CLOSED_PER_PAGE_MOBILE : CLOSED_PER_PAGE;
  const published = useQuery(publishedPromotionsQueryOptions());
  const closed = useClosedPromotions(perPage);
  const none = published.data?.length === 0 && closed.query.isSuccess && closed.items.length === 0;

  return (
    <PageFrame
      title="Promoções"
      description="Participe das promoções da rádio e concorra a prêmios, ingressos e experiências."
    >
      {none ? (
        <EmptyState
          icon={IconGift}
          title={NO_PROMOTIONS_TEXT}
          description="Fique ligado na programação: as próximas promoções aparecem aqui."
          links={[{ label: 'Ouvir ao vivo', to: LIVE_PAGE_PATH }]}
        />
      ) : (
        <>
          <Featured
            promotions={published.data}
            loading={published.isPending}
            failed={published.isError}
            retrying={published.isRefetching}
            onRetry={() => void published.refetch()}
          />
          <ClosedPromotions closed={closed} perPage={perPage} />
        </>
      )}
    </PageFrame>
  );
}

interface FeaturedProps {
  promotions: Promotion[] | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}

function Featured({ promotions, loading, failed, retrying, onRetry }: FeaturedProps) {
  let content;
  if (loading) {
    content = (
      <Skeleton
        radius="lg"
        className={classes.featuredSkeleton}
        role="status"
        aria-label="Carregando promoções em destaque"
      />
    );
  } else if (failed || !promotions) {
    content = (
      <Alert color="red">
        {LOAD_ERROR}
        <Button
          display="block"
          mt="sm"
          variant="light"
          color="red"
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          Tentar de novo
        </Button>
      </Alert>
    );
  } else if (promotions.length === 0) {
    content = (
      <EmptyState
        compact
        headingOrder={3}
        icon={IconGift}
        title={NO_PROMOTIONS_TEXT}
        description="Enquanto isso, confira os ganhadores das promoções encerradas."
      />
    );
  } else {
    content = <FeaturedSlider promotions={promotions} />;
  }
  return (
    <section className={classes.section} aria-labelledby="promocoes-abertas">
      <div className={classes.sectionHead}>
        <h2 id="promocoes-abertas" className={classes.sectionTitle}>
          Participe agora
        </h2>
        {promotions && promotions.length > 0 && (
          <span className={classes.sectionNote}>
            {promotions.length === 1
              ? '1 promoção aberta'
              : `${promotions.length} promoções abertas`}
          </span>
        )}
      </div>
      {content}
    </section>
  );
}
