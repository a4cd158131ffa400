/**
 * Programme grid test data shaped like the server's replies: the main channel 'teste_1' on
 * Tuesday 1 December 2026, 10:30 in Brasília (13:30 UTC), the 'Jornal da Onda' on air.
 */
import type { ProgramPage } from '@/generated/ProgramPage';
import type { ProgramReplay } from '@/generated/ProgramReplay';
import type { ProgramReplays } from '@/generated/ProgramReplays';
import type { ScheduleDay } from '@/generated/ScheduleDay';
import type { ScheduleNow } from '@/generated/ScheduleNow';
import type { ScheduleSlot } from '@/generated/ScheduleSlot';
import type { ScheduleWeek } from '@/generated/ScheduleWeek';

export const GRID_NOW = new Date('2026-12-01T13:30:00Z');

function addDay(date: string, days = 1): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function slot({
  id,
  title,
  date,
  start,
  end,
  slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-'),
  presenters = '',
  special = false,
  fill = 'live',
  imageUrl = `/media/img/program/${id}.webp`,
}: {
  id: number;
  title: string;
  /** The date it starts on, 'YYYY-MM-DD'. */
  date: string;
  start: string;
  end: string;
  slug?: string;
  presenters?: string;
  special?: boolean;
  fill?: ScheduleSlot['fill'];
  imageUrl?: string;
}): ScheduleSlot {
  // An end at or before the start is the next day's (a programme crossing midnight).
  const endDate = end <= start ? addDay(date) : date;
  return {
    id,
    special,
    program: { slug, title, imageUrl, description: `Sobre ${title}.` },
    presenters,
    fill,
    start,
    end,
    startsAt: `${date}T${start}:00-03:00`,
    endsAt: `${endDate}T${end}:00-03:00`,
  };
}

export const TODAY = '2026-12-01';
export const TOMORROW = '2026-12-02';

export const MANHA = slot({
  id: 1,
  title: 'Manhã da Onda',
  date: TODAY,
  start: '06:00',
  end: '10:00',
  presenters: 'Ana e Beto',
});
export const JORNAL = slot({
  id: 2,
  title: 'Jornal da Onda',
  date: TODAY,
  start: '10:00',
  end: '12:00',
  presenters: 'Carla',
});
export const NOITE = slot({
  id: 7,
  title: 'Noite Especial',
  date: TODAY,
  start: '22:00',
  end: '02:00',
  special: true,
  fill: 'playlist',
  imageUrl: '',
});
export const MANHA_TOMORROW = slot({
  id: 1,
  title: 'Manhã da Onda',
  date: TOMORROW,
  start: '06:00',
  end: '10:00',
  presenters: 'Ana e Beto',
});

function day(date: string, weekday: number, slots: ScheduleSlot[]): ScheduleDay {
  return { date, weekday, slots };
}

export const WEEK: ScheduleWeek = {
  streamId: 'teste_1',
  streamName: 'Normal',
  days: [
    day(TODAY, 2, [MANHA, JORNAL, NOITE]),
    // The special crosses midnight: it is in the next day too, with its start of the day before.
    day(TOMORROW, 3, [NOITE, MANHA_TOMORROW]),
    day('2026-12-03', 4, []),
    day('2026-12-04', 5, [
      slot({ id: 1, title: 'Manhã da Onda', date: '2026-12-04', start: '06:00', end: '10:00' }),
    ]),
    day('2026-12-05', 6, []),
    day('2026-12-06', 7, []),
    day('2026-12-07', 1, []),
  ],
};

export const NOW: ScheduleNow = { streamId: 'teste_1', now: JORNAL, next: NOITE };

export const PROGRAM: ProgramPage = {
  slug: 'manha-da-onda',
  title: 'Manhã da Onda',
  imageUrl: '/media/img/program/1.webp',
  description: 'Música e informação para começar o dia.',
  host: 'Ana e Beto',
  airings: [
    {
      streamId: 'teste_1',
      streamName: 'Normal',
      weekdays: [1, 2, 3, 4, 5],
      daysLabel: 'Segunda a sexta',
      start: '06:00',
      end: '10:00',
      presenters: 'Ana e Beto',
    },
    {
      streamId: 'teste_2',
      streamName: 'Flashback',
      weekdays: [6],
      daysLabel: 'Sábado',
      start: '08:00',
      end: '11:00',
      presenters: '',
    },
  ],
  next: MANHA_TOMORROW,
};

function replay(
  id: number,
  streamId: string,
  streamName: string,
  startsAt: string,
  endsAt: string,
  songs: ProgramReplay['songs'] = [],
): ProgramReplay {
  return {
    id,
    streamId,
    streamName,
    startsAt,
    endsAt,
    durationMs: Date.parse(endsAt) - Date.parse(startsAt),
    audioUrl: `/media/replays/${id}.mp3`,
    songs,
  };
}

/** The 'Manhã da Onda' recordings everyone may hear, newest first: this morning's, Saturday's and Friday's. */
export const REPLAYS: ProgramReplays = {
  slug: 'manha-da-onda',
  title: 'Manhã da Onda',
  access: 'everyone',
  allowed: true,
  feedUrl: '/programacao/manha-da-onda/ouvir-de-novo.xml',
  keepDays: 7,
  replays: [
    replay(12, 'teste_1', 'Normal', '2026-12-01T06:00:00-03:00', '2026-12-01T10:00:00-03:00', [
      { time: '06:02', offsetMs: 120_000, song: 'Evidências', artist: 'Chitãozinho & Xororó' },
      { time: '06:07', offsetMs: 420_000, song: 'Garota de Ipanema', artist: 'Tom Jobim' },
    ]),
    // Cut short by a restart: 1 h 58 min of the three hours.
    {
      ...replay(
        11,
        'teste_2',
        'Flashback',
        '2026-11-28T08:00:00-03:00',
        '2026-11-28T11:00:00-03:00',
        [{ time: '08:15', offsetMs: 900_000, song: 'Aquarela', artist: 'Toquinho' }],
      ),
      durationMs: 7_080_000,
    },
    replay(10, 'teste_1', 'Normal', '2026-11-27T06:00:00-03:00', '2026-11-27T10:00:00-03:00'),
  ],
};

/** The same recordings as a caller who may not hear them gets them: no audio, no feed. */
export function lockedReplays(access: ProgramReplays['access']): ProgramReplays {
  return {
    ...REPLAYS,
    access,
    allowed: false,
    feedUrl: null,
    replays: REPLAYS.replays.map((item) => ({ ...item, audioUrl: null })),
  };
}
