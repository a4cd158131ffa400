import { describe, expect, it } from 'vitest';
import {
  chartRows,
  chartSeries,
  hasListeners,
  historyCsv,
  sessionRows,
  sessionSummary,
} from './history-data';
import { affiliateStreamUrl, historyQueryString } from './api/stats-api';
import {
  brasiliaDate,
  brasiliaNowMinute,
  defaultRange,
  formatBucket,
  periodLabel,
  timestampLines,
  toApiDateTime,
} from './stats-time';
import type { HistoryData } from './types';

const DATA: HistoryData = {
  timeData: ['2024-05-01 00:00', '2024-05-02 00:00'],
  listenersData: {
    total: { max: [10, 0], min: [2, 0], mean: [5.5, 0] },
    android: { max: [4, 0], min: [0, 0], mean: [1.25, 0] },
  },
  sessionStats: {
    total: {
      averageListeners: [5.1, 0],
      uniqueListeners: [30, 0],
      listeningHours: [122.4, 0],
      averageSessionMinutes: [18.75, 0],
    },
    android: {
      averageListeners: [1.2, 0],
      uniqueListeners: [8, 0],
      listeningHours: [28.8, 0],
      averageSessionMinutes: [9, 0],
    },
  },
};
const label = (key: string) => ({ total: 'Total', android: 'Android, app' })[key] ?? key;

describe('Brasília time (UTC−3)', () => {
  it('the default range is 00:00 six days ago to 23:59 today, in Brasília', () => {
    expect(defaultRange(new Date('2024-05-10T15:00:00Z'))).toEqual({
      start: '2024-05-04T00:00',
      end: '2024-05-10T23:59',
    });
    // 01:30 UTC on the 11th is still the 10th (22:30) in Brasília.
    expect(defaultRange(new Date('2024-05-11T01:30:00Z'))).toEqual({
      start: '2024-05-04T00:00',
      end: '2024-05-10T23:59',
    });
    // Across a month and a year.
    expect(defaultRange(new Date('2025-01-03T12:00:00Z'))).toEqual({
      start: '2024-12-28T00:00',
      end: '2025-01-03T23:59',
    });
    expect(brasiliaDate(new Date('2024-03-01T02:59:00Z'))).toBe('2024-02-29');
    expect(brasiliaNowMinute(new Date('2024-05-11T01:30:59Z'))).toBe('2024-05-10 22:30');
  });

  it('formats for the API, the axis and the table', () => {
    expect(toApiDateTime('2024-05-01T08:30')).toBe('2024-05-01 08:30');
    expect(formatBucket('2024-05-01 08:30', 'hour')).toBe('01/05 08:30');
    expect(formatBucket('2024-05-01 00:00', 'day')).toBe('01/05');
    expect(formatBucket('2024-05-01 00:00', 'month')).toBe('05/2024');
    expect(periodLabel('2024-05-06 00:00', 'week')).toBe('semana de 06/05/2024');
    expect(periodLabel('2024-05-06 13:00', 'minute')).toBe('06/05/2024 13:00');
  });

  it('reads one timestamp per non-empty line', () => {
    expect(timestampLines(' 2024-05-01 08:00:00 \r\n\n2024-05-01 09:00:00\n  ')).toEqual([
      '2024-05-01 08:00:00',
      '2024-05-01 09:00:00',
    ]);
    expect(timestampLines('\n \n')).toEqual([]);
  });
});

describe('API helpers', () => {
  it('repeats listenersTypes[] and encodes the dates', () => {
    expect(
      historyQueryString({
        startDate: '2024-05-01 00:00',
        endDate: '2024-05-07 23:59',
        choiceTime: 'hour',
        listenersTypes: ['total', 'android'],
      }),
    ).toBe(
      'startDate=2024-05-01%2000%3A00&endDate=2024-05-07%2023%3A59&choiceTime=hour' +
        '&listenersTypes[]=total&listenersTypes[]=android',
    );
  });

  it("an affiliate's stream is affiliatesUrl + sid + '.mp3'", () => {
    expect(affiliateStreamUrl('https://r.example/stream/', 'cwb')).toBe(
      'https://r.example/stream/cwb.mp3',
    );
  });
});

describe('history shaping', () => {
  it('series and rows follow the chart mode', () => {
    expect(chartSeries(['total'], 'all', label).map((s) => s.name)).toEqual([
      'total:max',
      'total:mean',
      'total:min',
    ]);
    expect(chartSeries(['total', 'android'], 'onlyMean', label).map((s) => s.label)).toEqual([
      'Total (média)',
      'Android, app (média)',
    ]);
    expect(chartRows(DATA, ['android'], 'onlyMax', 'day')[0]).toEqual({
      time: '2024-05-01 00:00',
      label: '01/05',
      'android:max': 4,
    });
  });

  it('knows an empty period', () => {
    expect(hasListeners(DATA, ['total'])).toBe(true);
    const empty = { ...DATA, listenersData: {}, sessionStats: {} };
    expect(hasListeners(empty, ['total'])).toBe(false);
  });

  it('sums the period: mean of the averages, highest peak, hours added', () => {
    const rows = sessionRows(DATA, 'total');
    expect(rows[0]).toEqual({
      time: '2024-05-01 00:00',
      averageListeners: 5.1,
      peak: 10,
      uniqueListeners: 30,
      listeningHours: 122.4,
      averageSessionMinutes: 18.75,
    });
    expect(sessionSummary(rows)).toEqual({
      averageListeners: 2.55,
      peak: 10,
      listeningHours: 122.4,
    });
    expect(sessionSummary([])).toEqual({ averageListeners: 0, peak: 0, listeningHours: 0 });
  });

  it('writes CSV with the stats of the mode and quotes labels with commas', () => {
    expect(historyCsv(DATA, ['total', 'android'], 'all', label)).toBe(
      [
        'periodo,Total máx.,Total média,Total mín.,Total média de ouvintes,Total ouvintes únicos,' +
          'Total horas ouvidas,Total sessão média (min),"Android, app máx.","Android, app média",' +
          '"Android, app mín.","Android, app média de ouvintes","Android, app ouvintes únicos",' +
          '"Android, app horas ouvidas","Android, app sessão média (min)"',
        '2024-05-01 00:00,10,5.5,2,5.1,30,122.4,18.75,4,1.25,0,1.2,8,28.8,9',
        '2024-05-02 00:00,0,0,0,0,0,0,0,0,0,0,0,0,0,0',
        '',
      ].join('\r\n'),
    );
  });
});
