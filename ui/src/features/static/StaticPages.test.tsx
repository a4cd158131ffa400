import { describe, expect, it, vi } from 'vitest';
import { mockApi, TEST_CATEGORIES } from '@/test/api-mock';
import { render, renderRoute, screen, userEvent, within } from '@/test/render';
import { AboutPage } from './AboutPage';
import { AdvertisePage } from './AdvertisePage';

describe('static pages', () => {
  it('ST-01: benefits, the four claims and a link to /afiliadas', async () => {
    mockApi();
    render(<AdvertisePage />);
    const claims = screen.getByTestId('claims');
    expect(within(claims).getByText('56')).toBeInTheDocument();
    expect(within(claims).getByText('minutos de música por hora')).toBeInTheDocument();
    expect(within(claims).getByText('21')).toBeInTheDocument();
    expect(within(claims).getByText('afiliadas')).toBeInTheDocument();
    expect(within(claims).getByText('+40')).toBeInTheDocument();
    expect(within(claims).getByText('+2 milhões')).toBeInTheDocument();
    expect(screen.getAllByTestId('benefit').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'afiliadas' })).toHaveAttribute('href', '/afiliadas');
  });

  it('ST-02: first click reveals the number, second opens WhatsApp or dials; chat opens at once', async () => {
    mockApi();
    const openUrl = vi.fn();
    render(<AdvertisePage openUrl={openUrl} />);
    const call = await screen.findByRole('button', { name: 'Ligar para o comercial' });
    await userEvent.click(call);
    expect(openUrl).not.toHaveBeenCalled();
    const revealed = screen.getByRole('button', { name: '(11) 3000-0000' });
    await userEvent.click(revealed);
    expect(openUrl).toHaveBeenLastCalledWith('tel:+551130000000');

    await userEvent.click(screen.getByRole('button', { name: 'WhatsApp' }));
    expect(openUrl).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '0800 000 1975' }));
    expect(openUrl).toHaveBeenLastCalledWith('https://wa.me/5508000001975');

    await userEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(openUrl).toHaveBeenLastCalledWith('https://chat.teste.example');
  });

  it('ST-03: the about page links to /programacao and /afiliadas', async () => {
    mockApi();
    render(<AboutPage />);
    expect(await screen.findByRole('link', { name: 'Programação' })).toHaveAttribute(
      'href',
      '/programacao',
    );
    expect(screen.getByRole('link', { name: 'Afiliadas' })).toHaveAttribute('href', '/afiliadas');
  });

  it('ST-03: the apps page has PRO app, standard app, TV apps and smart speakers sections', async () => {
    mockApi();
    renderRoute('/aplicativos');
    for (const name of [
      'Aplicativo PRO',
      'Aplicativo padrão',
      'Aplicativos para TV',
      'Caixas de som inteligentes',
    ]) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('ST-04: step-by-step instructions and the four banner sizes', async () => {
    mockApi();
    renderRoute('/incorporar-player');
    const steps = await screen.findByTestId('embed-steps');
    expect(within(steps).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    for (const size of ['150x60', '234x60', '320x100', '120x240']) {
      expect(screen.getByText(size)).toBeInTheDocument();
    }
  });

  it('ST-05: /feed/{atom|rss|json}/{category slug} for every news category', async () => {
    mockApi();
    renderRoute('/feeds');
    const [first] = TEST_CATEGORIES;
    if (!first) throw new Error('no categories');
    for (const format of ['atom', 'rss', 'json']) {
      expect(
        await screen.findByRole('link', { name: `/feed/${format}/${first.slug}` }),
      ).toHaveAttribute('href', `/feed/${format}/${first.slug}`);
    }
    expect(screen.getAllByTestId('feed-category')).toHaveLength(TEST_CATEGORIES.length);
  });
});
