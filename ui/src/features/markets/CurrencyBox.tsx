/**
 * The currency box (doc2 §2 Home widgets; HW-04): USD-BRL and EUR-BRL take turns every
 * {@link CURRENCY_TOGGLE_MS}, and the quotes are read again every minute. The turns stop while the
 * pointer or the keyboard is on the box, and the listener can pause them or pick a quote (WCAG 2.2.2).
 * While they turn by themselves the quote is not a live region (a screen reader would hear a new
 * price every 5 s); once the listener is in control, the quote they pick is announced.
 *
 * When the provider is down and the server keeps nothing recent, it says so (`unavailable`, a
 * success, so nothing is logged as an error) and the box shows a quiet line in the quote's place;
 * the next refresh brings the quotes back when the provider does.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconCurrencyDollar,
  IconCurrencyEuro,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CurrencyQuote } from '@/generated/CurrencyQuote';
import { CURRENCY_TOGGLE_MS } from '@/lib/constants';
import { currencyQueryOptions } from './api/markets-api';
import { formatBrl } from './format';
import { Change, MARKETS_UNAVAILABLE, StaleHint } from './parts';
import classes from './Markets.module.css';

function Quote({ quote }: { quote: CurrencyQuote }) {
  const CodeIcon = quote.code === 'EUR' ? IconCurrencyEuro : IconCurrencyDollar;
  return (
    <div className={classes.quote} data-testid="currency-quote" data-code={quote.code}>
      <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
        <CodeIcon size={22} />
      </ThemeIcon>
      <div className={classes.quoteText}>
        <Text size="xs" c="dimmed" fw={700} className={classes.quoteName}>
          {quote.name} · {quote.code}-BRL
        </Text>
        <Text className={classes.quotePrice} data-testid="currency-price">
          {formatBrl(quote.bid)}
        </Text>
      </div>
      <Change value={quote.pctChange} label="Variação no dia" />
    </div>
  );
}

export function CurrencyBox() {
  const query = useQuery(currencyQueryOptions());
  const quotes = query.data?.quotes ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const rotating = quotes.length > 1 && !paused && !held.pointer && !held.focus;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((current) => current + 1), CURRENCY_TOGGLE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const shown = quotes.length > 0 ? index % quotes.length : 0;
  const quote = quotes[shown];
  const stale = query.data?.stale === true || (query.isRefetchError && quotes.length > 0);

  let body;
  if (quote) {
    body = <Quote key={quote.code} quote={quote} />;
  } else if (query.isPending) {
    body = (
      <div className={classes.quote} aria-busy="true" data-testid="currency-loading">
        <span className="sr-only">Carregando as cotações</span>
        <Skeleton circle height={40} />
        <div className={classes.quoteText}>
          <Skeleton height={12} width={110} radius="sm" />
          <Skeleton height={24} width={96} radius="sm" mt={6} />
        </div>
      </div>
    );
  } else {
    // The provider is down (or our server could not be reached): a quiet line, not an error.
    body = (
      <Text size="sm" c="dimmed" className={classes.unavailable} data-testid="currency-unavailable">
        {MARKETS_UNAVAILABLE}
      </Text>
    );
  }

  return (
    <Paper
      component="section"
      withBorder
      aria-labelledby="currency-title"
      className={classes.box}
      data-testid="currency-box"
      onPointerEnter={() => setHeld((current) => ({ ...current, pointer: true }))}
      onPointerLeave={() => setHeld((current) => ({ ...current, pointer: false }))}
      onFocus={() => setHeld((current) => ({ ...current, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          setHeld((current) => ({ ...current, focus: false }));
      }}
    >
      <div className={classes.boxHead}>
        <Text component="h2" id="currency-title" className={classes.boxTitle}>
          Câmbio
        </Text>
        {stale && quote && <StaleHint at={quote.quotedAt} testId="currency-stale" />}
        {quotes.length > 1 && (
          <div className={classes.controls}>
            {quotes.map((item, itemIndex) => (
              <button
                key={item.code}
                type="button"
                className={classes.pick}
                aria-pressed={itemIndex === shown}
                // The name starts from what the button shows (WCAG 2.5.3: a voice user says 'USD').
                aria-label={`Mostrar ${item.code} (${item.name})`}
                onClick={() => {
                  setIndex(itemIndex);
                  setPaused(true);
                }}
              >
                {item.code}
              </button>
            ))}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => setPaused((current) => !current)}
              aria-label={paused ? 'Retomar a alternância' : 'Pausar a alternância'}
              data-testid="currency-pause"
            >
              {paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            </ActionIcon>
          </div>
        )}
      </div>
      <div className={classes.quoteSlot} aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {body}
      </div>
    </Paper>
  );
}
