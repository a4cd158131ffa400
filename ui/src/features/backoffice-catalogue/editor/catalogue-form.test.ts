import { describe, expect, it } from 'vitest';
import { messages } from '@/generated/validation-rules';
import { checkAudioFile } from '@/features/backoffice/fields/upload';
import { ARTISTS, field, makeArtist, makeItem, PROGRAMS } from '../testing/fixtures';
import {
  initialValues,
  normaliseWeekdays,
  publicUrl,
  timeMinutes,
  toInput,
  validateField,
} from './catalogue-form';

describe('the generic form', () => {
  it("starts a new item with each field's default, in the form's shape", () => {
    expect(initialValues(PROGRAMS, null)).toEqual({
      title: '',
      host: null,
      isLive: true,
      rank: null,
      weekdays: '',
      startTime: '',
      endTime: '',
      state: '',
      songs: [],
      locations: [],
    });
  });

  it("reads a stored item's values", () => {
    expect(initialValues(ARTISTS, makeArtist(1, { isFeatured: true }))).toEqual({
      name: 'Artista 1',
      country: 'BR',
      imageUrl: '/media/uploads/artista-1',
      isFeatured: true,
    });
  });

  it('checks each kind like the server, naming the field', () => {
    const time = field('end', 'Fim', { kind: 'time', max: 1440 });
    expect(validateField(time, '24:00')).toBeUndefined();
    expect(validateField(field('start', 'Início', { kind: 'time', max: 1439 }), '24:00')).toBe(
      'O campo Início é inválido',
    );
    expect(validateField(time, '9:30')).toBe('O campo Fim é inválido');
    const url = field('link', 'Link', { kind: 'url', max: 500 });
    expect(validateField(url, 'https://exemplo.com')).toBeUndefined();
    expect(validateField(url, 'exemplo.com')).toBe('O campo Link é inválido');
    const popup = field('popupUrl', 'Janela', { kind: 'link', max: 300 });
    expect(validateField(popup, '/ouvir-radio-online?streamId=x&popup=1')).toBeUndefined();
    expect(validateField(popup, 'https://festival.example/player')).toBeUndefined();
    expect(validateField(popup, 'javascript:alert(document.domain)')).toBe(
      'O campo Janela é inválido',
    );
    expect(validateField(popup, '//evil.example/x')).toBe('O campo Janela é inválido');
    expect(validateField(popup, `/${'x'.repeat(300)}`)).toBe(
      'O campo Janela deve ter no máximo 300 caracteres',
    );
    const email = field('email', 'E-mail', { kind: 'email', max: 80 });
    expect(validateField(email, 'a@b.com')).toBeUndefined();
    expect(validateField(email, 'a@b')).toBe('O campo E-mail é inválido');
    const video = field('video', 'Clipe', { kind: 'youTube', max: 0 });
    expect(validateField(video, 'dQw4w9WgXcQ')).toBeUndefined();
    expect(validateField(video, 'curto')).toBe('O campo Clipe é inválido');
    const sid = field('sid', 'Stream', { kind: 'identifier', max: 40, required: true });
    expect(validateField(sid, '')).toBe('Preencha o campo Stream');
    expect(validateField(sid, 'Radio 1')).toBe('O campo Stream é inválido');
    expect(validateField(sid, 'onda_recife-2')).toBeUndefined();
    const color = field('color', 'Cor', { kind: 'color', max: 0 });
    expect(validateField(color, '#FF5f1f')).toBeUndefined();
    expect(validateField(color, 'laranja')).toBe('O campo Cor é inválido');
    const sources = field('sources', 'Fontes', { kind: 'sourceList', max: 2, required: true });
    expect(validateField(sources, ['/stream/onda_2.mp3', ''])).toBeUndefined();
    expect(validateField(sources, [])).toBe('Preencha o campo Fontes');
    expect(validateField(sources, ['a', 'b', 'c'])).toBe('O campo Fontes aceita no máximo 2 itens');
    const songs = field('songs', 'Músicas', { kind: 'songList', max: 2 });
    expect(validateField(songs, [1, 2, 3])).toBe('O campo Músicas aceita no máximo 2 itens');
    const places = field('places', 'Cidades', { kind: 'textList', max: 2, required: true });
    expect(validateField(places, ['', ' '])).toBe('Preencha o campo Cidades');
    const body = field('body', 'Texto', { kind: 'html', max: 1000, required: true });
    expect(validateField(body, '<p></p>')).toBe('Preencha o campo Texto');
    const year = field('year', 'Ano', { kind: 'integer', min: 1900, max: 2100 });
    expect(validateField(year, null)).toBeUndefined();
    expect(validateField(year, 1800)).toBe(
      messages.CATALOGUE_RANGE.replace('{campo}', 'Ano')
        .replace('{min}', '1900')
        .replace('{max}', '2100'),
    );
  });

  it('sends lists cleaned, weekdays sorted and empty numbers as null', () => {
    const values = {
      ...initialValues(PROGRAMS, null),
      title: ' Título ',
      weekdays: '5,1,3,1',
      locations: [' A ', '', 'B'],
    };
    expect(toInput(PROGRAMS, values).values).toMatchObject({
      title: 'Título',
      host: null,
      rank: null,
      weekdays: '1,3,5',
      locations: ['A', 'B'],
      songs: [],
    });
  });

  it('reads times and weekdays as the server does', () => {
    expect(timeMinutes('24:00', 1440)).toBe(1440);
    expect(timeMinutes('23:60', 1440)).toBeNull();
    expect(normaliseWeekdays('7,2,x,2')).toBe('2,7');
  });

  it("builds an item's public address", () => {
    expect(publicUrl(ARTISTS, makeArtist(4))).toBe('/artistas/artista-4');
    expect(publicUrl({ ...ARTISTS, publicPath: '/x/{id}' }, makeItem(9))).toBe('/x/9');
    expect(publicUrl(ARTISTS, makeItem(9, { slug: '' }))).toBe('');
    expect(publicUrl(ARTISTS, null)).toBe('');
    const top100 = { ...ARTISTS, publicPath: '/as-100-mais/{year}' };
    expect(publicUrl(top100, makeItem(3, { values: { year: 2026 } }))).toBe('/as-100-mais/2026');
    expect(publicUrl(top100, makeItem(3, { values: { year: null } }))).toBe('');
  });
});

describe('the audio check', () => {
  it('takes MP3s up to 30 MB', () => {
    expect(checkAudioFile(new File(['x'], 'spot.mp3', { type: 'audio/mpeg' }))).toBeNull();
    expect(checkAudioFile(new File(['x'], 'spot.MP3', { type: '' }))).toBeNull();
    expect(checkAudioFile(new File(['x'], 'spot.wav', { type: 'audio/wav' }))).toBe(
      messages.AUDIO_TYPE,
    );
    const big = new File(['x'], 'longo.mp3', { type: 'audio/mpeg' });
    Object.defineProperty(big, 'size', { value: 31457281 });
    expect(checkAudioFile(big)).toBe(messages.AUDIO_SIZE);
  });
});
