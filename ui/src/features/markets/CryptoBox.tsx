/**
 * The crypto box (doc2 §2 Home widgets; HW-04): the top 4 coins by market cap in USD, each with its
 * price, its change over 24 h and a 7-day sparkline, read again every minute. Placeholders of the
 * final size hold the place while it loads, so nothing below moves when the coins arrive. The page
 * gives it its section and heading. When the provider is down and the server keeps nothing recent
 * (`unavailable`), a quiet line stands in for the coins until a refresh brings them back.
 */
import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Coin } from '@/generated/Coin';
import { CRYPTO_TOP } from '@/lib/constants';
import { useDrawnLater } from '@/lib/drawn-later';
import { cryptoQueryOptions } from './api/markets-api';
import { formatChange, formatUsd, trendOf } from './format';
import { Change, MARKETS_UNAVAILABLE, StaleHint } from './parts';
import { Sparkline } from './Sparkline';
import classes from './Markets.module.css';

/** The change over the sparkline's 7 days, in percent (0 without two prices). */
function weekChange(prices: readonly number[]): number {
  const first = prices[0];
  const last = prices[prices.length - 1];
  if (first === undefined || last === undefined || first === 0 || prices.length < 2) return 0;
  return ((last - first) / first) * 100;
}

function CoinCard({ coin }: { coin: Coin }) {
  const week = weekChange(coin.sparkline);
  const first = coin.sparkline[0];
  const weekLabel =
    first === undefined
      ? `${coin.name}: sem preços dos últimos 7 dias`
      : `${coin.name} nos últimos 7 dias: de ${formatUsd(first)} a ${formatUsd(
          coin.sparkline[coin.sparkline.length - 1] ?? first,
        )} (${formatChange(week)})`;
  return (
    <li className={classes.coin} data-testid="crypto-coin" data-coin={coin.id}>
      <div className={classes.coinHead}>
        <span className={classes.symbol}>{coin.symbol}</span>
        <Text component="span" size="sm" fw={700} className={classes.coinName}>
          {coin.name}
        </Text>
      </div>
      <Text className={classes.coinPrice} data-testid="crypto-price">
        {formatUsd(coin.priceUsd)}
      </Text>
      <span className={classes.coinChange}>
        <Change value={coin.change24h} label="Variação em 24 horas" />
        <Text component="span" size="xs" c="dimmed" aria-hidden>
          24h
        </Text>
      </span>
      <Sparkline values={coin.sparkline} label={weekLabel} trend={trendOf(week)} />
    </li>
  );
}

function CoinSkeleton() {
  return (
    <li className={classes.coin} aria-hidden>
      <div className={classes.coinHead}>
        <Skeleton height={20} width={44} radius="sm" />
        <Skeleton height={14} width={64} radius="sm" />
      </div>
      <Skeleton height={22} width="80%" radius="sm" className={classes.coinPrice} />
      <Skeleton height={14} width={72} radius="sm" className={classes.coinChange} />
      <Skeleton height={36} radius="sm" className={classes.sparkline} />
    </li>
  );
}

export function CryptoBox() {
  const query = useDrawnLater(useQuery(cryptoQueryOptions()));
  const coins = query.data?.coins.slice(0, CRYPTO_TOP) ?? [];
  const stale = query.data?.stale === true || (query.isRefetchError && coins.length > 0);

  let body;
  if (coins.length > 0) {
    body = (
      <ul className={classes.coinGrid} data-testid="crypto-coins">
        {coins.map((coin) => (
          <CoinCard key={coin.id} coin={coin} />
        ))}
      </ul>
    );
  } else if (query.isPending) {
    body = (
      <div aria-busy="true" data-testid="crypto-loading">
        <span className="sr-only">Carregando as criptomoedas</span>
        <ul className={classes.coinGrid}>
          {Array.from({ length: CRYPTO_TOP }, (_, index) => (
            <CoinSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  } else {
    // The provider is down (or our server could not be reached): a quiet line, not an error.
    body = (
      <Text size="sm" c="dimmed" className={classes.unavailable} data-testid="crypto-unavailable">
        {MARKETS_UNAVAILABLE}
      </Text>
    );
  }

  return (
    <div data-testid="crypto-box">
      <div className={classes.cryptoNote}>
        <Text size="xs" c="dimmed">
          Preços em dólar · gráfico dos últimos 7 dias · dados CoinGecko
        </Text>
        {stale && <StaleHint testId="crypto-stale" />}
      </div>
      {body}
    </div>
  );
}
