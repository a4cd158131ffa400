/** Numbers of the currency and crypto boxes, Brazilian style ('R$ 5,43', 'US$ 97.123', '+0,25%'). */

const brl = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Coins worth thousands drop the cents ('US$ 97.123'): the price fits a phone's card. */
const usdLarge = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const usd = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Coins under a dollar keep four decimals ('US$ 0,5213'). */
const usdSmall = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  signDisplay: 'exceptZero',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const formatBrl = (value: number) => brl.format(value);

export function formatUsd(value: number): string {
  const size = Math.abs(value);
  if (size >= 1000) return usdLarge.format(value);
  return size < 1 ? usdSmall.format(value) : usd.format(value);
}

/** A change given in percent (0.25 → '+0,25%'). */
export const formatChange = (percentValue: number) => percent.format(percentValue / 100);

/** 'up', 'down' or 'flat', for colours and arrows. */
export function trendOf(change: number): 'up' | 'down' | 'flat' {
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}
