import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDay,
  formatStaffDate,
  fromStationLocal,
  imageWidthUrl,
  periodText,
  rangeText,
  stationIso,
  toStationLocal,
  youtubeId,
} from './format';

describe('the station clock (Brasília, UTC−3)', () => {
  it('reads and writes datetime-local values on Brasília time', () => {
    expect(fromStationLocal('2026-12-01T08:00')).toBe('2026-12-01T08:00:00-03:00');
    expect(fromStationLocal('2026-12-01T08:00:05')).toBe('2026-12-01T08:00:05-03:00');
    expect(toStationLocal('2026-12-01T11:00:00Z')).toBe('2026-12-01T08:00');
    expect(toStationLocal('2026-12-01T08:00:00-03:00')).toBe('2026-12-01T08:00');
    expect(fromStationLocal('2026-02-31T08:00')).toBeNull();
    expect(fromStationLocal('amanhã')).toBeNull();
  });
});

describe('youtubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/12345678901', null],
    ['curto', null],
  ])('%s → %s', (raw, id) => expect(youtubeId(raw)).toBe(id));
});

describe('dates and counts', () => {
  it('shows instants and days on the station clock', () => {
    expect(formatStaffDate('2026-11-26T12:05:00Z')).toBe('26/11/2026 09:05');
    expect(formatStaffDate('amanhã')).toBe('');
    expect(formatDay('2026-12-31')).toBe('31/12/2026');
    expect(formatDay('31 de dezembro')).toBe('31 de dezembro');
    expect(stationIso(Date.parse('2026-11-26T12:05:31.250Z'))).toBe('2026-11-26T09:05:31-03:00');
    expect(periodText('2026-12-01T00:00:00-03:00', '2026-12-31T23:59:00-03:00')).toBe(
      '01/12/2026 00:00 – 31/12/2026 23:59',
    );
  });

  it('counts a page of rows in the desk’s nouns', () => {
    const nouns = { none: 'Nenhuma promoção', one: 'promoção', many: 'promoções' };
    expect(rangeText(2, 20, 45, nouns)).toBe('21–40 de 45 promoções');
    expect(rangeText(1, 20, 1, nouns)).toBe('1–1 de 1 promoção');
    expect(rangeText(1, 20, 0, nouns)).toBe('Nenhuma promoção');
    expect(formatCount(12345)).toBe('12.345');
  });

  it('asks for a narrower rendition of a picture', () => {
    expect(imageWidthUrl('/media/uploads/a', 320)).toBe('/media/uploads/a?w=320');
    expect(imageWidthUrl('/media/uploads/a?v=2', 640)).toBe('/media/uploads/a?v=2&w=640');
    expect(imageWidthUrl('', 640)).toBe('');
  });
});
