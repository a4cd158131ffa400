import { useEffect, useRef, useState, type Ref } from 'react';
import { Alert, Button, Skeleton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { LOAD_ERROR } from '@/lib/messages';
import { hasNextPage, paginationItems } from './pagination';
import { PromotionCard } from './PromotionCard';
import { CLOSED_TITLE, PAGINATION_WINDOW } from './promotions';
import type { ClosedPromotionsState } from './use-closed-promotions';
import classes from './Promotions.module.css';

/**
 * 'Promoções encerradas' (doc2 §2, §4, §9): `perPage` cards a page (8, 4 on phones), the current
 * page with 3 pages either side, and the next batch fetched as soon as the window reaches past the
 * promotions fetched so far.
 */
export function ClosedPromotions({
  closed,
  perPage,
}: {
  closed: ClosedPromotionsState;
  perPage: number;
}) {
  const { query, items, more } = closed;
  // The first promotion shown, so a change of page size (rotating a tablet) keeps the place.
  const [first, setFirst] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const known = Math.ceil(items.length / perPage);
  const wanted = Math.floor(first / perPage) + 1;
  const page = !more && known > 0 ? Math.min(wanted, known) : wanted;
  const shown = items.slice((page - 1) * perPage, page * perPage);

  const {
    hasNextPage: batchesLeft,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = query;
  const needed = (page + PAGINATION_WINDOW) * perPage;
  useEffect(() => {
    if (items.length < needed && batchesLeft && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [items.length, needed, batchesLeft, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const goTo = (target: number) => {
    setFirst((target - 1) * perPage);
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  if (query.isPending) {
    return (
      <section className={classes.section} aria-labelledby="promocoes-encerradas" aria-busy="true">
        <SectionHeading ref={heading} />
        <GridSkeleton count={perPage} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={classes.section} aria-labelledby="promocoes-encerradas">
        <SectionHeading ref={heading} />
        <Alert color="red">
          {LOAD_ERROR}
          <Button
            display="block"
            mt="sm"
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            Tentar de novo
          </Button>
        </Alert>
      </section>
    );
  }
  if (items.length === 0) return null;

  const pages = paginationItems({ current: page, known, more, window: PAGINATION_WINDOW });
  const waiting = shown.length === 0 && (isFetchingNextPage || batchesLeft);

  return (
    <section className={classes.section} aria-labelledby="promocoes-encerradas">
      <SectionHeading ref={heading} />
      {shown.length > 0 ? (
        <ul className={classes.grid} data-testid="closed-grid">
          {shown.map((promotion) => (
            <li key={promotion.id_promocao}>
              <PromotionCard promotion={promotion} />
            </li>
          ))}
        </ul>
      ) : waiting && !isFetchNextPageError ? (
        <GridSkeleton count={perPage} />
      ) : (
        <Alert color="red">
          {LOAD_ERROR}
          <Button
            display="block"
            mt="sm"
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void fetchNextPage()}
          >
            Tentar de novo
          </Button>
        </Alert>
      )}

      {(known > 1 || more) && (
        <nav className={classes.pagination} aria-label="Páginas das promoções encerradas">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
            aria-label="Página anterior"
          >
            Anterior
          </Button>
          <ul className={classes.pages}>
            {pages.map((item) =>
              item.kind === 'ellipsis' ? (
                <li key={item.key} className={classes.ellipsis} aria-hidden>
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <button
                    type="button"
                    className={classes.pageButton}
                    aria-label={`Página ${item.page}`}
                    aria-current={item.current ? 'page' : undefined}
                    onClick={() => goTo(item.page)}
                  >
                    {item.page}
                  </button>
                </li>
              ),
            )}
          </ul>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={!hasNextPage(page, known, more)}
            onClick={() => goTo(page + 1)}
            aria-label="Próxima página"
          >
            Próxima
          </Button>
        </nav>
      )}
    </section>
  );
}

function SectionHeading({ ref }: { ref: Ref<HTMLHeadingElement> }) {
  return (
    <div className={classes.sectionHead}>
      <h2 id="promocoes-encerradas" className={classes.sectionTitle} ref={ref} tabIndex={-1}>
        {CLOSED_TITLE}
      </h2>
      <span className={classes.sectionNote}>Confira os resultados e os ganhadores</span>
    </div>
  );
}

function GridSkeleton({ count }: { count: number }) {
  return (
    <ul className={classes.grid} role="status" aria-label="Carregando promoções">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={classes.skeletonCard}>
          <Skeleton className={classes.skeletonMedia} radius="md" />
          <div>
            <Skeleton h={18} w="80%" mt={4} />
            <Skeleton h={12} mt={10} />
            <Skeleton h={12} w="70%" mt={6} />
          </div>
        </li>
      ))}
    </ul>
  );
}
