/**
 * Catalogue desk data for tests, as the server sends it (descriptors, items, pages), and the
 * back office's fetch stand-in (it records every call) with a permission-7 staff member by default.
 */
import { mockBackoffice, ok, permissions, type Handler } from '@/features/backoffice/testing';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { CataloguePage } from '@/generated/CataloguePage';
import type { CatalogueSpec } from '@/generated/CatalogueSpec';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import type { FieldSpec } from '@/generated/FieldSpec';

export * from '@/features/backoffice/testing';

export function field(key: string, label: string, overrides: Partial<FieldSpec> = {}): FieldSpec {
  return {
    key,
    label,
    kind: 'text',
    required: false,
    max: 100,
    min: 0,
    options: [],
    reference: null,
    help: '',
    listed: false,
    defaultValue: '',
    ...overrides,
  };
}

export function collection(
  key: string,
  label: string,
  overrides: Partial<CollectionSpec> = {},
): CollectionSpec {
  return {
    key,
    label,
    singular: label.toLowerCase().replace(/s$/, ''),
    group: 'Música',
    permission: 7,
    titleField: 'name',
    ordered: false,
    fixed: false,
    publicPath: '',
    fields: [field('name', 'Nome', { required: true, listed: true })],
    ...overrides,
  };
}

export const ARTISTS = collection('artists', 'Artistas', {
  singular: 'artista',
  ordered: true,
  publicPath: '/artistas/{slug}',
  fields: [
    field('name', 'Nome', { required: true, listed: true }),
    field('country', 'País', { max: 2, help: 'Código de duas letras: BR, US, GB…' }),
    field('imageUrl', 'Foto (quadrada)', { kind: 'image', max: 0, listed: true }),
    field('isFeatured', 'Destaque', { kind: 'boolean', max: 0, listed: true, defaultValue: false }),
  ],
});

export const SONGS = collection('songs', 'Músicas', {
  singular: 'música',
  fields: [
    field('name', 'Nome', { required: true, listed: true, max: 150 }),
    field('artistId', 'Artista', {
      kind: 'reference',
      reference: 'artists',
      required: true,
      listed: true,
      max: 0,
      defaultValue: null,
    }),
  ],
});

/** A programme-like collection holding every kind the tests fill in. */
export const PROGRAMS = collection('programs', 'Programação', {
  singular: 'programa',
  group: 'Rádio',
  titleField: 'title',
  ordered: true,
  publicPath: '/programacao',
  fields: [
    field('title', 'Título', { required: true, listed: true }),
    field('host', 'Apresentação', {
      kind: 'reference',
      reference: 'artists',
      max: 0,
      defaultValue: null,
    }),
    field('isLive', 'Ao vivo', { kind: 'boolean', max: 0, defaultValue: true }),
    field('rank', 'Prioridade', {
      kind: 'integer',
      min: 1,
      max: 10,
      required: true,
      defaultValue: null,
    }),
    field('weekdays', 'Dias da semana', { kind: 'weekdays', required: true, listed: true, max: 0 }),
    field('startTime', 'Início', { kind: 'time', max: 1439, required: true }),
    field('endTime', 'Fim', { kind: 'time', max: 1440, help: '24:00 é meia-noite no fim do dia' }),
    field('state', 'UF', {
      kind: 'select',
      max: 0,
      options: [
        { value: 'PR', label: 'Paraná' },
        { value: 'SP', label: 'São Paulo' },
      ],
    }),
    field('songs', 'Músicas, da 1ª à 10ª', { kind: 'songList', max: 10, defaultValue: [] }),
    field('locations', 'Cidade/UF', { kind: 'textList', max: 3, defaultValue: [] }),
  ],
});

export const LEGAL = collection('legal', 'Textos legais', {
  singular: 'texto',
  group: 'Páginas',
  titleField: 'title',
  fixed: true,
  ordered: false,
  publicPath: '/termos/{slug}',
  fields: [field('title', 'Título', { required: true, listed: true })],
});

export const JOURNALISTS = collection('journalists', 'Jornalistas', {
  singular: 'jornalista',
  group: 'Redação',
  permission: 5,
  publicPath: '/jornalistas/{slug}',
});

export const CATEGORIES = collection('categories', 'Categorias', {
  singular: 'categoria',
  group: 'Redação',
  permission: 5,
});

/** A client's spot: an MP3 and a rich text. */
export const SPOTS = collection('spots', 'Spots', {
  singular: 'spot',
  group: 'Comercial',
  ordered: false,
  fields: [
    field('name', 'Nome', { required: true, listed: true }),
    field('audioUrl', 'Áudio', { kind: 'audio', max: 0, required: true, listed: true }),
    field('notes', 'Observações', { kind: 'html', max: 5000 }),
    field('video', 'Vídeo', { kind: 'youTube', max: 0 }),
  ],
});

/** Permission 7 and 5: everything. */
export const FULL_SPEC: CatalogueSpec = {
  collections: [ARTISTS, SONGS, PROGRAMS, SPOTS, LEGAL, JOURNALISTS, CATEGORIES],
};
/** Permission 5 only: the newsroom's collections. */
export const NEWSROOM_SPEC: CatalogueSpec = { collections: [JOURNALISTS, CATEGORIES] };

export function makeItem(id: number, overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    id,
    slug: `item-${id}`,
    title: `Item ${id}`,
    values: { name: `Item ${id}` },
    labels: {},
    ...overrides,
  };
}

export function makeArtist(id: number, overrides: Partial<CatalogueItem['values']> = {}) {
  return makeItem(id, {
    slug: `artista-${id}`,
    title: `Artista ${id}`,
    values: {
      name: `Artista ${id}`,
      country: 'BR',
      imageUrl: `/media/uploads/artista-${id}`,
      isFeatured: false,
      ...overrides,
    },
  });
}

export function page(
  items: CatalogueItem[],
  overrides: Partial<CataloguePage> = {},
): CataloguePage {
  return { items, total: items.length, page: 1, perPage: 20, ...overrides };
}

/** The back office's fetch stand-in: the spec of a permission-7 (and 5) staff member by default. */
export function mockCatalogue(handlers: Record<string, Handler> = {}) {
  return mockBackoffice({
    'stats/getUserPermissions': ok(permissions([5, 7])),
    'GET backoffice/catalogue': ok(FULL_SPEC),
    ...handlers,
  });
}
