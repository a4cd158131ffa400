import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { setSession } from '@/lib/session';
import { mockApi, mockApiDown, TEST_STATION } from '@/test/api-mock';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { Header } from './Header';

const INLINE = ['Carros', 'Economia', 'Mundo', 'Música', 'Politica', 'Saúde', 'Tecnologia'];
const OTHERS = ['Cotidiano', 'Cinema', 'Moda', 'Gastronomia', 'Viagem', 'Podcast', 'Outros'];

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

async function openMoreCategories() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Mais categorias' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

afterEach(() => {
  setWidth(1024);
  setSession(null);
});

describe('Header at 1280 px (SH-04)', () => {
  it('shows the main menu with Comercial as an external link', async () => {
    setWidth(1280);
    mockApi();
    render(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Ouvir rádio',
      'Promoções',
      'Podcasts',
      'Comercial',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Ouvir rádio' })).toHaveAttribute(
      'href',
      '/ouvir-radio-online',
    );
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Comercial' })).toHaveAttribute(
        'href',
        TEST_STATION.commercialUrl,
      ),
    );
    const comercial = within(nav).getByRole('link', { name: 'Comercial' });
    expect(comercial).toHaveAttribute('target', '_blank');
    expect(comercial.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByTestId('hamburger')).not.toBeInTheDocument();
  });

  it("with the page's initial data, the first frame already links Comercial to the station's site", () => {
    setWidth(1280);
    const fetchMock = mockApi();
    // The client the app builds from the page (app/query-client.ts), as on a page the server wrote.
    render(<Header />, { queryClient: createQueryClient({ station: TEST_STATION }) });
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Comercial' })).toHaveAttribute(
      'href',
      TEST_STATION.commercialUrl,
    );
    const stationCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/api/v1/station'),
    );
    expect(stationCalls).toEqual([]);
  });

  it('shows exactly the seven categories inline and the others in Mais categorias', async () => {
    setWidth(1280);
    mockApi();
    render(<Header />);
    const bar = screen.getByRole('navigation', { name: 'Categorias de notícias' });
    await waitFor(() =>
      expect(
        within(bar)
          .getAllByTestId('category-inline')
          .map((a) => a.textContent),
      ).toEqual(INLINE),
    );
    expect(within(bar).getByRole('link', { name: 'Politica' })).toHaveAttribute(
      'href',
      '/noticias/politica',
    );
    expect(await openMoreCategories()).toEqual(OTHERS);
  });
});

describe('Header under 768 px (SH-05)', () => {
  it('shows a hamburger and puts every category in Mais categorias at 767 px', async () => {
    setWidth(767);
    mockApi();
    render(<Header />);
    expect(screen.getByTestId('hamburger')).toBeInTheDocument();
    expect(screen.queryAllByTestId('category-inline')).toHaveLength(0);
    // The first try may open the menu before the categories arrive: room for a second one.
    await waitFor(async () => expect(await openMoreCategories()).toEqual([...INLINE, ...OTHERS]), {
      timeout: 5_000,
    });
  });

  it('opens the main menu in a drawer from the hamburger', async () => {
    setWidth(375);
    mockApi();
    const user = userEvent.setup();
    render(<Header />);
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Menu principal' });
    // The desktop menu's items in its order, with Músicas and Artistas among them.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Ouvir rádio', 'Promoções', 'Podcasts', 'Músicas', 'Artistas', 'Comercial']);
    expect(within(nav).getByRole('link', { name: 'Músicas' })).toHaveAttribute('href', '/musicas');
    expect(within(nav).getByRole('link', { name: 'Artistas' })).toHaveAttribute(
      'href',
      '/artistas',
    );
  });

  it('offers the search box in a modal', async () => {
    setWidth(375);
    mockApi();
    const user = userEvent.setup();
    render(<Header />);
    await user.click(screen.getByRole('button', { name: 'Buscar no site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buscar no site' });
    expect(within(dialog).getByRole('combobox', { name: 'Buscar no site' })).toBeInTheDocument();
  });

  it('is desktop again at exactly 768 px (C18)', () => {
    setWidth(768);
    mockApi();
    render(<Header />);
    expect(screen.queryByTestId('hamburger')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
  });
});

describe('Header parts', () => {
  it('submits the search box to /busca?q=', async () => {
    setWidth(1280);
    mockApi();
    const user = userEvent.setup();
    render(<Header />);
    const box = screen.getByRole('combobox', { name: 'Buscar no site' });
    await user.type(box, 'samba rock{Enter}');
    // The form navigated: on /busca the box keeps the query.
    expect(box).toHaveValue('samba rock');
  });

  it('has no profile menu for anonymous visitors; initials and PRO badge when logged in (SH-06)', async () => {
    setWidth(1280);
    mockApi();
    const user = userEvent.setup();
    const { unmount } = render(<Header />);
    expect(screen.queryByTestId('profile-menu')).not.toBeInTheDocument();
    unmount();

    setSession({
      user: { userId: 1, name: 'Maria', lastName: 'Souza', email: 'm@x.br', isPro: true },
    });
    render(<Header />);
    const trigger = screen.getByTestId('profile-menu');
    expect(trigger).toHaveTextContent('MS');
    expect(trigger).toHaveTextContent('PRO');
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Meu perfil' })).toHaveAttribute(
      'href',
      '/perfil/editar-perfil',
    );
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
  });

  it("'Sintonize no FM' lists the affiliate cities by state with their frequency", async () => {
    setWidth(1280);
    mockApi();
    const user = userEvent.setup();
    render(<Header />);
    await user.click(screen.getByRole('button', { name: 'Sintonize no FM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sintonize no FM' });
    const sp = await within(dialog).findByRole('region', { name: 'São Paulo (SP)' });
    expect(
      within(sp)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Campinas99,1', 'São Paulo101,7']);
    expect(within(dialog).getByRole('region', { name: 'Paraná (PR)' })).toHaveTextContent(
      'Curitiba98,9',
    );
  });

  it('shows the social links of the station', async () => {
    setWidth(1280);
    mockApi();
    render(<Header />);
    expect(await screen.findByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/teste',
    );
  });

  it('still renders the menus and categories when the API is down', async () => {
    setWidth(1280);
    mockApiDown();
    render(<Header />);
    expect(screen.getByRole('link', { name: 'Ouvir rádio' })).toBeInTheDocument();
    expect(screen.getAllByTestId('category-inline')).toHaveLength(7);
    expect(screen.getByRole('link', { name: /página inicial/ })).toBeInTheDocument();
  });
});
