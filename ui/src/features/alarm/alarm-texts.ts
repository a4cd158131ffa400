/**
 * The alarm clock's texts and small pure helpers (the spec names the feature — 'alarm clock',
 * 'alarm radio' — but gives no page texts; these follow the site's tone).
 */
import type { Alarm, RingSource, StreamChoice } from './alarm-bridge';

export const ALARM_PATH = '/despertador';

export const ALARM_TEXT = {
  title: 'Despertador',
  description: 'Acorde com a rádio: escolha o horário, os dias, o stream e o volume.',
  desktopOnlyTitle: 'O despertador faz parte do aplicativo para computador',
  desktopOnly:
    'O despertador toca a rádio pelo aplicativo para computador, mesmo com a janela fechada. Instale o aplicativo e entre com a sua conta PRO para usar.',
  appsLink: 'Conheça os aplicativos',
  proTitle: 'Despertador exclusivo para assinantes PRO',
  proDescription:
    'Com a assinatura PRO você acorda com a sua rádio preferida, sem anúncios, com streams exclusivos.',
  subscribe: 'Seja um assinante!',
  login: 'Entrar',
  loading: 'Carregando',
  empty: 'Nenhum despertador',
  emptyHint: 'Crie um despertador para acordar com a rádio.',
  loadError: 'Não foi possível carregar os despertadores.',
  saveError: 'Não foi possível salvar o despertador. Tente novamente.',
  invalidAlarm: 'Confira o horário e o stream do despertador.',
  retry: 'Tentar novamente',
  listTitle: 'Seus despertadores',
  add: 'Novo despertador',
  edit: 'Editar',
  remove: 'Excluir',
  save: 'Salvar',
  cancel: 'Cancelar',
  formNew: 'Novo despertador',
  formEdit: 'Editar despertador',
  label: 'Nome (opcional)',
  time: 'Horário',
  days: 'Repetir',
  onceHint: 'Sem dias marcados, toca uma vez só.',
  stream: 'Stream',
  streamRequired: 'Escolha um stream.',
  timeRequired: 'Informe o horário.',
  streamsError: 'Não foi possível carregar a lista de streams.',
  volume: 'Volume',
  fadeIn: 'Aumentar o volume aos poucos (segundos)',
  snoozeMinutes: 'Soneca (minutos)',
  enabled: 'Ativado',
  fallbackTitle: 'Segundo stream',
  fallbackDescription:
    'Se o stream escolhido não tocar, o despertador toca este; se nenhum tocar, toca o som do despertador.',
  fallbackNone: 'Nenhum (som do despertador)',
  settingsTitle: 'Notificações',
  notifyTracks: 'Avisar quando a música mudar',
  notifyTracksHint: 'Mostra uma notificação a cada nova música que toca.',
  ringingTitle: 'Despertador tocando',
  snooze: 'Soneca',
  stop: 'Parar',
  snoozedUntil: 'Soneca até',
  next: 'Próximo despertador:',
  missedTitle: 'Despertador perdido',
  dismiss: 'Fechar',
  once: 'Uma vez',
  everyDay: 'Todos os dias',
} as const;

/** Dom–Sáb in the order of a Brazilian calendar, with their ISO weekday numbers (1 Mon – 7 Sun). */
export const WEEKDAYS: { iso: number; short: string; long: string }[] = [
  { iso: 7, short: 'Dom', long: 'Domingo' },
  { iso: 1, short: 'Seg', long: 'Segunda-feira' },
  { iso: 2, short: 'Ter', long: 'Terça-feira' },
  { iso: 3, short: 'Qua', long: 'Quarta-feira' },
  { iso: 4, short: 'Qui', long: 'Quinta-feira' },
  { iso: 5, short: 'Sex', long: 'Sexta-feira' },
  { iso: 6, short: 'Sáb', long: 'Sábado' },
];

/** "07:30:00" → "07:30". */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/** "2026-11-24T07:30:00" → "24/11 07:30". */
export function shortDateTime(value: string): string {
  const [date = '', time = ''] = value.split('T');
  const [, month = '', day = ''] = date.split('-');
  return `${day}/${month} ${shortTime(time)}`;
}

/** The repeat days in words: 'Uma vez', 'Todos os dias' or 'Seg, Qua, Sex'. */
export function describeDays(days: number[]): string {
  if (days.length === 0) return ALARM_TEXT.once;
  if (days.length === 7) return ALARM_TEXT.everyDay;
  return WEEKDAYS.filter((day) => days.includes(day.iso))
    .map((day) => day.short)
    .join(', ');
}

export function streamName(streams: StreamChoice[] | undefined, id: string): string {
  return streams?.find((stream) => stream.id === id)?.name ?? id;
}

/** Which source rang, in words (the app always says which one). */
export function describeSource(source: RingSource, streams: StreamChoice[] | undefined): string {
  switch (source.kind) {
    case 'stream':
      return `Tocando o stream escolhido: ${streamName(streams, source.stream_id)}.`;
    case 'fallback':
      return `O stream escolhido não tocou; tocando o segundo stream: ${streamName(streams, source.stream_id)}.`;
    case 'bundled':
      return 'Sem conexão com a rádio; tocando o som do despertador.';
  }
}

export function missedText(alarm: Alarm | undefined, at: string): string {
  const name = alarm?.label ? `“${alarm.label}” ` : '';
  return `O despertador ${name}das ${shortTime(at.split('T')[1] ?? at)} não tocou: o computador estava desligado ou em repouso.`;
}

/** A fresh alarm for the form. */
export function newAlarm(streamId: string): Alarm {
  return {
    id: '',
    label: '',
    enabled: true,
    time: '07:00:00',
    days: [1, 2, 3, 4, 5],
    streamId,
    volume: 0.7,
    fadeInSeconds: 30,
    snoozeMinutes: 9,
    armedAt: null,
  };
}

export function newAlarmId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `alarm-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
