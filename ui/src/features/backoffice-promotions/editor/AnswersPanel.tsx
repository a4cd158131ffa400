import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconFileSpreadsheet, IconTrophy } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { DownloadButton } from '@/features/inbox/DownloadButton';
import { formatCount, formatStaffDate } from '@/features/backoffice/format';
import { PageControls } from '@/features/backoffice/list/ListParts';
import type { PromotionAnswerRow } from '@/generated/PromotionAnswerRow';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { answersCsvUrl, answersQueryOptions } from '../api/promotions-api';
import { cityText } from '../format';
import { PROMO_MESSAGES } from '../messages';
import classes from '../Promotions.module.css';
import shared from '@/features/backoffice/Backoffice.module.css';

export interface AnswersPanelProps {
  userId: number;
  promotionId: number;
  /** The draft's count, shown before the first page arrives. */
  total: number;
}

/**
 * 'Respostas (N)': the answers, latest first, a page at a time (a table from 992 px, cards below),
 * with 'Exportar CSV' for every one of them (the inbox's download: the cookie on the site, the
 * bearer token in the desktop app).
 */
export function AnswersPanel({ userId, promotionId, total }: AnswersPanelProps) {
  const [page, setPage] = useState(1);
  const answers = useQuery({
    ...answersQueryOptions(userId, promotionId, page),
    placeholderData: keepPreviousData,
  });
  const wide = useBreakpoint().width >= BREAKPOINT_MD;
  const count = answers.data?.total ?? total;

  let content;
  if (answers.isPending)
    content = (
      <Stack gap={6} aria-busy="true" aria-label={PROMO_MESSAGES.loading}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={36} radius="sm" />
        ))}
      </Stack>
    );
  else if (answers.isError)
    content = (
      <EmptyState
        icon={IconAlertTriangle}
        title={PROMO_MESSAGES.answersError}
        description={answers.error.message}
        compact
        headingOrder={3}
        data-testid="answers-error"
      >
        <Button mt="md" variant="light" onClick={() => void answers.refetch()}>
          {PROMO_MESSAGES.retry}
        </Button>
      </EmptyState>
    );
  else if (answers.data.items.length === 0)
    content = (
      <Text size="sm" c="dimmed" data-testid="answers-empty">
        {PROMO_MESSAGES.answersEmpty}
      </Text>
    );
  else {
    const { items, perPage } = answers.data;
    content = (
      <div aria-busy={answers.isPlaceholderData || undefined}>
        {wide ? <AnswersTable items={items} /> : <AnswersCards items={items} />}
        <PageControls
          page={page}
          pages={Math.max(1, Math.ceil(answers.data.total / Math.max(1, perPage)))}
          onChange={setPage}
        />
      </div>
    );
  }

  return (
    <section className={shared.panel} aria-labelledby="answers-title" data-testid="answers-panel">
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <Text component="h2" id="answers-title" className={shared.panelTitle}>
          {PROMO_MESSAGES.answersTitle} ({formatCount(count)})
        </Text>
        <DownloadButton
          href={answersCsvUrl(promotionId)}
          fallbackName={`promocao-${promotionId}-respostas.csv`}
          icon={IconFileSpreadsheet}
        >
          {PROMO_MESSAGES.exportCsv}
        </DownloadButton>
      </Group>
      {content}
    </section>
  );
}

function WinnerBadge() {
  return (
    <Badge color="yellow" variant="light" radius="sm" leftSection={<IconTrophy size={11} />}>
      {PROMO_MESSAGES.winner}
    </Badge>
  );
}

function AnswersTable({ items }: { items: PromotionAnswerRow[] }) {
  return (
    <div className={shared.tableWrap}>
      <table className={shared.table} data-testid="answers-table">
        <thead>
          <tr>
            <th scope="col">{PROMO_MESSAGES.name}</th>
            <th scope="col">{PROMO_MESSAGES.email}</th>
            <th scope="col">{PROMO_MESSAGES.city}</th>
            <th scope="col">{PROMO_MESSAGES.answer}</th>
            <th scope="col">{PROMO_MESSAGES.date}</th>
            <th scope="col">{PROMO_MESSAGES.winner}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.id} data-testid={`answer-row-${row.id}`}>
              <td>{row.name}</td>
              <td className={classes.breakAnywhere}>{row.email}</td>
              <td>{cityText(row.city, row.uf)}</td>
              <td className={classes.answerCell}>{row.answer}</td>
              <td className={shared.dateCell}>
                <time dateTime={row.answeredAt}>{formatStaffDate(row.answeredAt)}</time>
              </td>
              <td>{row.isWinner && <WinnerBadge />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AnswersCards({ items }: { items: PromotionAnswerRow[] }) {
  return (
    <ul className={shared.cards} data-testid="answers-cards">
      {items.map((row) => (
        <li key={row.id} className={shared.card} data-testid={`answer-row-${row.id}`}>
          <div className={shared.cardBody}>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text fw={700} size="sm">
                {row.name}
              </Text>
              {row.isWinner && <WinnerBadge />}
            </Group>
            <Text size="sm" mt={4} className={classes.breakAnywhere}>
              {row.answer}
            </Text>
            <div className={shared.cardMeta}>
              <span className={classes.breakAnywhere}>{row.email}</span>
              <span>{cityText(row.city, row.uf)}</span>
              <time dateTime={row.answeredAt}>{formatStaffDate(row.answeredAt)}</time>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
