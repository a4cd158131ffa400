import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWS_CATEGORY_SLUGS } from '@/lib/constants';
import { HomePage, MusicPage, NewsArticlePage, NewsCategoryPage, NotFoundPage } from './pages';
import { preloadPage } from './preload-page';
import { routes } from './routes';

afterEach(() => vi.restoreAllMocks());

function spy(...pages: { preload: () => Promise<unknown> }[]) {
  return pages.map((page) => vi.spyOn(page, 'preload').mockResolvedValue(undefined));
}

describe('the page at the address is fetched before React draws it', () => {
  it('a page of its own: its chunk', () => {
    const [home] = spy(HomePage);
    preloadPage(routes, '/');
    expect(home).toHaveBeenCalledOnce();
  });

  it('a route that picks its page from the address fetches the one it will draw', () => {
    const [article, category] = spy(NewsArticlePage, NewsCategoryPage);
    preloadPage(routes, '/noticias/grande-show-de-mpb');
    expect(article).toHaveBeenCalledOnce();
    expect(category).not.toHaveBeenCalled();
    preloadPage(routes, `/noticias/${NEWS_CATEGORY_SLUGS[0]}`);
    expect(category).toHaveBeenCalledOnce();
    expect(article).toHaveBeenCalledOnce();

    const [music, notFound] = spy(MusicPage, NotFoundPage);
    preloadPage(routes, '/musicas/evidencias+chitaozinho-e-xororo');
    expect(music).toHaveBeenCalledOnce();
    preloadPage(routes, '/musicas/sem-artista');
    expect(notFound).toHaveBeenCalledOnce();
  });

  it('an unknown address fetches the 404 page; a failed fetch is left to the page', async () => {
    const notFound = vi.spyOn(NotFoundPage, 'preload').mockRejectedValue(new Error('offline'));
    expect(() => preloadPage(routes, '/nao/existe/mesmo')).not.toThrow();
    expect(notFound).toHaveBeenCalledOnce();
  });
});
