import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, TEST_APP_PARAMETERS, TEST_STATION } from '@/test/api-mock';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { Footer } from './Footer';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

afterEach(() => setWidth(1024));

describe('Footer (SH-11, SH-12)', () => {
  it("has the groups '{station}', 'Música' and 'Mais' at 1280 px, never 'Informativo'", async () => {
    setWidth(1280);
    mockApi();
    render(<Footer />);
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        TEST_STATION.name,
        'Música',
        'Mais',
      ]),
    );
    expect(screen.queryByText('Informativo')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-accordion')).not.toBeInTheDocument();
  });

  it('shows support phone and chat, the corporate phone, app badges and social links', async () => {
    setWidth(1280);
    mockApi();
    render(<Footer />);
    expect(await screen.findByRole('link', { name: TEST_STATION.supportPhone })).toHaveAttribute(
      'href',
      'tel:08000001975',
    );
    expect(screen.getByRole('link', { name: 'Chat com o ouvinte' })).toHaveAttribute(
      'href',
      TEST_STATION.supportChatUrl,
    );
    expect(screen.getByRole('link', { name: TEST_STATION.corporatePhone })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Disponível no Google Play' })).toHaveAttribute(
      'href',
      'https://play.example/teste',
    );
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
  });

  it('has the copyright line from 1975 to the current year', async () => {
    mockApi();
    render(<Footer />);
    const year = new Date().getFullYear();
    await waitFor(() =>
      expect(screen.getByTestId('copyright')).toHaveTextContent(
        `© 1975 - ${year} ${TEST_STATION.name}. Todos os direitos reservados.`,
      ),
    );
  });

  it("links to the site's pages", () => {
    setWidth(1280);
    mockApi();
    render(<Footer />);
    expect(screen.getByRole('link', { name: 'Quem somos' })).toHaveAttribute('href', '/quem-somos');
    expect(screen.getByRole('link', { name: 'As 100 mais' })).toHaveAttribute(
      'href',
      '/as-100-mais',
    );
    expect(screen.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute(
      'href',
      '/termos/uso',
    );
  });

  it('Imprensa, Playlists and Ouvidoria lead to real pages; no link is a dead #', () => {
    setWidth(1280);
    mockApi();
    render(<Footer />);
    expect(screen.getByRole('link', { name: 'Imprensa' })).toHaveAttribute('href', '/contato');
    expect(screen.getByRole('link', { name: 'Playlists' })).toHaveAttribute(
      'href',
      '/podcasts/outros',
    );
    expect(screen.getByRole('link', { name: 'Ouvidoria' })).toHaveAttribute('href', '/contato');
    const nav = screen.getByRole('navigation', { name: 'Links do rodapé' });
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^\/[a-z]/);
    }
  });

  it("shows the header's logo: the app parameters' image, on a light plate", async () => {
    mockApi();
    render(<Footer />);
    const home = await screen.findByRole('link', { name: `${TEST_STATION.name}: página inicial` });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveAttribute('data-on-dark', 'true');
    await waitFor(() =>
      expect(within(home).getByRole('img')).toHaveAttribute('src', TEST_APP_PARAMETERS.logo.url),
    );
  });

  it('turns the groups into an accordion below 992 px', async () => {
    setWidth(991);
    mockApi();
    const user = userEvent.setup();
    render(<Footer />);
    const accordion = screen.getByTestId('footer-accordion');
    const music = within(accordion).getByRole('button', { name: 'Música' });
    expect(music).toHaveAttribute('aria-expanded', 'false');
    await user.click(music);
    expect(music).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Artistas' })).toBeVisible();
  });
});
