import { beforeEach, describe, expect, it } from 'vitest';
import { makeNews } from '@/features/news/testing/fixtures';
import { mockApi, TEST_STATION } from '@/test/api-mock';
import { renderRoute, screen, waitFor } from '@/test/render';
import { isValidElement } from 'react';
import { Navigate } from '@/lib/router';
import {
  MusicRoute,
  NewsSlugRoute,
  PodcastSubRoute,
  PodcastTypeRoute,
  TagRoute,
} from './route-elements';
import { PAGE_ROUTES } from './routes';

const EXAMPLES: Record<string, string> = {
  '/artistas/:slug': '/artistas/anitta',
  '/as-10-mais/:slug': '/as-10-mais/pop',
  '/as-100-mais/:year': '/as-100-mais/2010',
  '/musicas/:slug': '/musicas/evidencias+chitaozinho-e-xororo',
  '/noticias/tags/:slug': '/noticias/tags/samba',
  '/noticias/:slug': '/noticias/uma-noticia-qualquer',
  '/jornalistas/:slug': '/jornalistas/ana-lima',
  '/promocoes/:slug': '/promocoes/ganhe-ingressos',
  '/podcasts/:type': '/podcasts/bom-dia',
  '/podcasts/:type/:slug': '/podcasts/outros/recentes',
  '/termos': '/termos',
  '/termos/:slug': '/termos/uso',
  '/videos/:title': '/videos/um-clipe',
  '/clientes/:slug': '/clientes/padaria-central',
  '/busca': '/busca?q=x',
  '/a1redacao/:id': '/a1redacao/1',
  '/a1redacao/:id/previa': '/a1redacao/1/previa',
  '/a1catalogo/:key': '/a1catalogo/artists',
  '/a1catalogo/:key/novo': '/a1catalogo/artists/novo',
  '/a1catalogo/:key/:id': '/a1catalogo/artists/1',
  '/a1programacao/:streamId': '/a1programacao/onda_1',
  '/a1programacao/playlists/:id': '/a1programacao/playlists/1',
};

const EXAMPLE_PATHS = PAGE_ROUTES.map(({ path }) => EXAMPLES[path] ?? path);
const NOT_FOUND = 'Ops! Página não encontrada.';

const LONG_SLUG = 'uma-noticia-com-um-titulo-muito-longo-que-passa-de-sessenta-caracteres-no-total';

beforeEach(() => {
  mockApi({
    '/api/v1/news/getSingleNews/uma-noticia-qualquer': makeNews(1, {
      slug: 'uma-noticia-qualquer',
      title: 'Uma notícia qualquer',
    }),
    '/api/v1/news/getSingleNews/show-de-rock-no-parque': makeNews(2, {
      slug: 'show-de-rock-no-parque',
      title: 'Show de rock no parque',
    }),
    [`/api/v1/news/getSingleNews/${LONG_SLUG}`]: makeNews(3, {
      slug: LONG_SLUG,
      title: 'Uma notícia com um título muito longo que passa de sessenta caracteres no total',
    }),
  });
});

describe('routes', () => {
  it('covers the whole routes table (doc3 §2.1 + doc2, C06)', () => {
    const patterns = PAGE_ROUTES.map(({ path }) => path);
    for (const path of ['/jornalistas', '/jornalistas/:slug', '/videos', '/videos/:title']) {
      expect(patterns).toContain(path);
    }
    // 48 of the spec's and a programme's page; of the back office, the newsroom's 4, the
    // promotions' 5, the people area's 1, the catalogue's 5, the live input's 1 and the schedule's 3.
    expect(patterns).toHaveLength(68);
  });

  it('loads every page on demand: a lazy chunk, or a chooser of lazy pages', () => {
    const choosers: unknown[] = [
      MusicRoute,
      NewsSlugRoute,
      PodcastSubRoute,
      PodcastTypeRoute,
      TagRoute,
    ];
    for (const { path, element } of PAGE_ROUTES) {
      expect(isValidElement(element), path).toBe(true);
      if (!isValidElement(element)) continue;
      const { type } = element;
      const lazy = typeof type === 'object' && type !== null && 'preload' in type;
      expect(lazy || choosers.includes(type) || type === Navigate, path).toBe(true);
    }
  });

  it.each(EXAMPLE_PATHS)('%s renders its page frame, not the 404', async (path) => {
    renderRoute(path);
    // The newsroom editor's chunk (tiptap) is fetched from the newsroom's own chunk, after the
    // tests' preloading: it may take longer than the default second on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
    expect(screen.queryByTestId('not-found-view')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(new RegExp(` \\| ${TEST_STATION.name}$`)));
  });

  it.each(['/pagina-que-nao-existe', '/stats', '/Quem-Somos', '/noticias/tags/a/b'])(
    '%s shows the 404 page with a link to / (SH-01, C07)',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute(
        'href',
        '/',
      );
    },
  );

  it.each(['/musicas/a+b+c', '/musicas/sem-mais', '/musicas/+artista', '/musicas/musica+'])(
    '%s is not a music page (C08)',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    },
  );

  it('/termos redirects to /termos/privacidade (C41)', async () => {
    const { router } = renderRoute('/termos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/termos/privacidade'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeInTheDocument();
  });

  it('/termos/{other} shows the terms not-found view', async () => {
    renderRoute('/termos/outra-coisa');
    expect(await screen.findByTestId('not-found-view')).toHaveTextContent(
      'NÃO ACHAMOS ESSES TERMOS :(',
    );
  });

  it('/noticias/{x} matches tags, then the 14 categories, then a news slug (C09)', async () => {
    const tags = renderRoute('/noticias/tags');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    tags.unmount();

    const category = renderRoute('/noticias/musica');
    expect(await screen.findByRole('heading', { level: 1, name: 'Música' })).toBeInTheDocument();
    category.unmount();

    renderRoute('/noticias/show-de-rock-no-parque');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Show de rock no parque' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('news-article')).toBeInTheDocument();
  });

  it('podcast paths follow C05', async () => {
    const accented = renderRoute('/podcasts/outros/not%C3%ADcias');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notícias' })).toBeInTheDocument();
    accented.unmount();

    const unknown = renderRoute('/podcasts/outros/desconhecido');
    expect(await screen.findByTestId('not-found-view')).toHaveTextContent(
      'Não há podcast relacionados com a categoria.',
    );
    unknown.unmount();

    renderRoute('/podcasts/bom-dia/qualquer');
    expect(await screen.findByTestId('not-found-view')).toHaveTextContent(
      'NÃO ACHAMOS ESSE PODCAST :(',
    );
  });

  it('/a1stats and /open-app are noindex; /open-app links to /aplicativos (SH-16)', async () => {
    const stats = renderRoute('/a1stats');
    await screen.findByRole('heading', { level: 1 });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    stats.unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

    renderRoute('/open-app');
    await screen.findByRole('heading', { level: 1 });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(screen.getByRole('link', { name: 'Conheça os aplicativos' })).toHaveAttribute(
      'href',
      '/aplicativos',
    );
  });

  it('the home page has its sections and empty states', async () => {
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: TEST_STATION.name }),
    ).toBeInTheDocument();
    // The blocks below the headlines come one per turn after the page (components/Later).
    for (const name of ['Destaques', 'Mundo', 'Mais lidas da semana', 'As 10 mais']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    // Their news (here none) follow a moment later (lib/drawn-later).
    expect(
      (await screen.findAllByText('Nenhuma notícia disponível no momento.', {}, { timeout: 5000 }))
        .length,
    ).toBeGreaterThan(0);
  });

  it('cuts long page titles to 60 characters before the station name', async () => {
    renderRoute(`/noticias/${LONG_SLUG}`);
    await waitFor(() =>
      expect(document.title).toBe(
        `${'Uma notícia com um título muito longo que passa de sessenta'.slice(0, 60)} | ${TEST_STATION.name}`,
      ),
    );
  });
});
