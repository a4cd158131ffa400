import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSession, setSession } from '@/lib/session';
import { screen, within } from '@/test/render';
import { groupCollections } from './spec-helpers';
import {
  collection,
  FULL_SPEC,
  mockCatalogue,
  NEWSROOM_SPEC,
  ok,
  permissions,
  STAFF,
} from './testing/fixtures';
import { renderCatalogue } from './testing/render-catalogue';

beforeEach(() => resetSession());
afterEach(() => resetSession());

describe('/a1catalogo', () => {
  it('groups the collections of the spec, each linking to its list, and offers the settings', async () => {
    mockCatalogue();
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo');
    await screen.findByTestId('catalogue-home');

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Música',
      'Rádio',
      'Comercial',
      'Páginas',
      'Redação',
      'Configurações',
    ]);

    const music = screen.getByTestId('group-Música');
    expect(within(music).getByRole('link', { name: 'Artistas' })).toHaveAttribute(
      'href',
      '/a1catalogo/artists',
    );
    expect(within(music).getByRole('link', { name: 'Músicas' })).toHaveAttribute(
      'href',
      '/a1catalogo/songs',
    );
    const newsroom = screen.getByTestId('group-Redação');
    expect(
      within(newsroom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jornalistas', 'Categorias']);
    expect(screen.getByRole('link', { name: /Parâmetros da rádio/ })).toHaveAttribute(
      'href',
      '/a1catalogo/parametros',
    );
    expect(screen.getByRole('link', { name: /Transmissão ao vivo/ })).toHaveAttribute(
      'href',
      '/a1aovivo',
    );
  });

  it('shows a journalist (permission 5) the newsroom collections only, without the settings', async () => {
    mockCatalogue({
      'stats/getUserPermissions': ok(permissions([5])),
      'GET backoffice/catalogue': ok(NEWSROOM_SPEC),
    });
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo');
    await screen.findByTestId('catalogue-home');
    expect(screen.getByRole('link', { name: 'Jornalistas' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Artistas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Parâmetros da rádio/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Transmissão ao vivo/ })).not.toBeInTheDocument();
  });

  it('puts groups in the menu order, unknown groups last', () => {
    const groups = groupCollections({
      collections: [
        collection('x', 'X', { group: 'Novidades' }),
        collection('faq', 'FAQ', { group: 'Páginas' }),
        ...FULL_SPEC.collections.slice(0, 1),
      ],
    });
    expect(groups.map((group) => group.group)).toEqual(['Música', 'Páginas', 'Novidades']);
  });
});
