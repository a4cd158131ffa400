import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockApiDown } from '@/test/api-mock';
import { render } from '@/test/render';
import { NO_RESULTS, SearchPage } from './SearchPage';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route: string) {
  return render(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

describe('/busca results page (G56)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('SE-05: shows the results of q as title (the link) plus the displayed address', async () => {
    const fetchMock = mockApi({
      '/api/v1/search': [
        { title: 'Roda de samba no centro', link: '/noticias/roda-de-samba' },
        { title: 'Samba - Artista', link: '/musicas/samba+artista' },
        { title: 'Fora do site', link: 'https://outro.example/samba' },
      ],
    });
    renderPage('/busca?q=samba');
    const list = await screen.findByTestId('search-results');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Roda de samba no centro',
      'Samba - Artista',
      'Fora do site',
    ]);
    expect(links[0]).toHaveAttribute('href', '/noticias/roda-de-samba');
    expect(links[2]).toHaveAttribute('href', 'https://outro.example/samba');
    expect(within(list).getByText(`${window.location.host}/noticias/roda-de-samba`)).toBeVisible();
    expect(within(list).getByText('outro.example/samba')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resultados para “samba”');
    // The box is pre-filled with q.
    expect(screen.getByRole('combobox', { name: 'Buscar no site' })).toHaveValue('samba');
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.endsWith('/api/v1/search?q=samba'))).toBe(true);
  });

  it("G56: no results shows 'Nenhum resultado encontrado.'", async () => {
    mockApi({ '/api/v1/search': [] });
    renderPage('/busca?q=xyzxyz');
    expect(await screen.findByText(NO_RESULTS)).toBeVisible();
  });

  it('without q asks nothing and invites a search', async () => {
    const fetchMock = mockApi({ '/api/v1/search': [] });
    renderPage('/busca');
    expect(screen.getByText('O que você procura?')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/v1/search'))).toBe(
      false,
    );
  });

  it('an unreachable server shows an error with a retry', async () => {
    mockApiDown();
    renderPage('/busca?q=samba');
    expect(await screen.findByText('Não foi possível buscar agora')).toBeVisible();
    mockApi({ '/api/v1/search': [{ title: 'Voltou', link: '/noticias/voltou' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Voltou' })).toBeVisible());
  });

  it('submitting the box goes to /busca?q= with the trimmed text', async () => {
    mockApi({ '/api/v1/search': [] });
    renderPage('/busca');
    const box = screen.getByRole('combobox', { name: 'Buscar no site' });
    fireEvent.change(box, { target: { value: '  samba  ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/busca?q=samba');
    expect(await screen.findByText(NO_RESULTS)).toBeVisible();
  });
});
