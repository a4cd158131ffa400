import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeaturedPodcast } from '@/generated/FeaturedPodcast';
import type { ProFaq } from '@/generated/ProFaq';
import { clearTrackedEvents, trackedEvents } from '@/lib/analytics';
import { resetSession, setSession } from '@/lib/session';
import { mockApi, TEST_STATION } from '@/test/api-mock';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from '@/test/render';
import { ProBenefitsPage } from './ProBenefitsPage';
import { PRO_SCROLL_MS, sectionDomId } from './pro-data';
import { SCROLL_MARGIN_PX } from './smooth-scroll';

const FAQS: ProFaq[] = [
  { question: 'O que é a assinatura PRO?', answer: '<p>É o plano <strong>pago</strong>.</p>' },
  { question: 'Quanto custa?', answer: '<p>R$ 9,90 por mês.</p><ul><li>Anual</li></ul>' },
  { question: 'Posso cancelar?', answer: '<p>Sim, na loja.</p>' },
];

const PODCASTS: FeaturedPodcast[] = [
  {
    slug: 'bastidores-pro',
    name: 'Bastidores PRO',
    subtitle: 'Os bastidores',
    thumbUrl: '/a.svg',
    isPro: true,
  },
  {
    slug: 'sessoes-acusticas',
    name: 'Sessões Acústicas',
    subtitle: '',
    thumbUrl: '/b.svg',
    isPro: true,
  },
  {
    slug: 'papo-de-musica',
    name: 'Papo de Música',
    subtitle: 'Conversa',
    thumbUrl: '/c.svg',
    isPro: false,
  },
];

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function renderPage() {
  mockApi({
    '/api/v1/proPage/getFaqs': FAQS,
    '/api/v1/proPage/getFeaturedPodcasts': PODCASTS,
  });
  return render(<ProBenefitsPage />, { route: '/vantagens-da-assinatura-pro' });
}

beforeEach(() => {
  clearTrackedEvents();
  resetSession();
  vi.mocked(window.scrollTo).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

describe('ProBenefitsPage', () => {
  it('shows the plans with the exact prices, old price, badge and launch prices (PP-02)', () => {
    renderPage();
    const monthly = screen.getByTestId('pro-plan-mensal');
    const yearly = screen.getByTestId('pro-plan-anual');
    const monthlyText = normalise(monthly.textContent);
    const yearlyText = normalise(yearly.textContent);
    expect(monthlyText).toContain('R$ 9,90 por mês');
    expect(monthlyText).toContain('R$ 4,95 por mês nos primeiros 12 meses');
    expect(monthlyText).not.toContain('2 meses grátis');
    expect(yearlyText).toContain('R$ 99,90 por ano');
    expect(yearlyText).toContain('R$ 49,90 por ano nos primeiros 12 meses');
    expect(within(yearly).getByText('R$ 118,80').tagName).toBe('S');
    expect(within(yearly).getByText('2 meses grátis')).toBeInTheDocument();
    for (const plan of [monthly, yearly]) {
      expect(within(plan).getByRole('button', { name: 'Assinar agora' })).toBeInTheDocument();
      for (const benefit of [
        'Download de podcasts',
        'Conteúdo exclusivo',
        'Streams exclusivos',
        'Rádio despertador',
        'Sem anúncios',
      ]) {
        expect(within(plan).getByText(benefit)).toBeInTheDocument();
      }
    }
    expect(normalise(screen.getByTestId('pro-banner').textContent)).toContain(
      '50% de desconto nos primeiros 12 meses',
    );
  });

  it('renders the FAQ answers as HTML, one item open at a time (PP-04)', async () => {
    const user = userEvent.setup();
    renderPage();
    const first = await screen.findByRole('button', { name: 'O que é a assinatura PRO?' });
    const second = screen.getByRole('button', { name: 'Quanto custa?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByText('pago');
    expect(answer.tagName).toBe('STRONG');

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Anual', { selector: 'li' })).toBeInTheDocument();

    expect(trackedEvents().filter((event) => event.action === 'faq-open')).toMatchObject([
      { category: 'pro-page', label: 'O que é a assinatura PRO?' },
      { category: 'pro-page', label: 'Quanto custa?' },
    ]);
  });

  it('shows the three featured podcasts and a link to all podcasts', async () => {
    renderPage();
    const grid = await screen.findByTestId('pro-featured-podcasts');
    await within(grid).findByText('Bastidores PRO');
    const links = within(grid).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/podcasts/bastidores-pro',
      '/podcasts/sessoes-acusticas',
      '/podcasts/papo-de-musica',
    ]);
    expect(screen.getByRole('link', { name: /Ver todos os podcasts/ })).toHaveAttribute(
      'href',
      '/podcasts',
    );
  });

  it('scrolls to each section in 700 ms when its icon is clicked (PP-01)', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Quanto custa?' });
    const nav = screen.getByRole('navigation', { name: 'Benefícios da assinatura PRO' });
    const icons = within(nav).getAllByRole('button');
    expect(icons.map((icon) => normalise(icon.textContent))).toEqual([
      'Modo escuro',
      'Streams exclusivos',
      'Podcasts',
      'Rádio despertador',
    ]);

    const targets = {
      'modo-escuro': 2400,
      streams: 900,
      podcasts: 1500,
      despertador: 3100,
    } as const;
    for (const [id, top] of Object.entries(targets)) {
      const section = document.getElementById(sectionDomId(id as keyof typeof targets));
      expect(section).not.toBeNull();
      vi.spyOn(section as HTMLElement, 'getBoundingClientRect').mockReturnValue({
        top,
      } as DOMRect);
    }

    vi.useFakeTimers();
    const scrollTo = vi.mocked(window.scrollTo);
    for (const [index, [id, top]] of Object.entries(targets).entries()) {
      scrollTo.mockClear();
      const icon = icons[Object.keys(targets).indexOf(id)];
      if (!icon) throw new Error(`no icon for ${id}`);
      fireEvent.click(icon);
      await act(() => vi.advanceTimersByTimeAsync(PRO_SCROLL_MS / 2));
      const halfway = scrollTo.mock.lastCall as unknown as [number, number];
      expect(halfway[1]).toBeGreaterThan(0);
      expect(halfway[1]).toBeLessThan(top - SCROLL_MARGIN_PX);
      await act(() => vi.advanceTimersByTimeAsync(PRO_SCROLL_MS / 2 + 50));
      expect(scrollTo).toHaveBeenLastCalledWith(0, top - SCROLL_MARGIN_PX);
      // Focus moves to the section's heading for keyboard users.
      expect(document.activeElement?.id).toBe(`${sectionDomId(id as keyof typeof targets)}-titulo`);
      expect(trackedEvents().filter((event) => event.action === 'icon-click')[index]).toMatchObject(
        { category: 'pro-page', label: id },
      );
    }
  });

  it("'Assinar agora' opens the store modal with store links and no payment form; it closes (PP-03)", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(screen.getByTestId('pro-plan-anual')).getByRole('button', { name: 'Assinar agora' }),
    );
    const dialog = await screen.findByRole('dialog');
    const text = normalise(dialog.textContent);
    expect(text).toContain('Não é possível fazer a assinatura por aqui');
    expect(text).toContain('Android ou iOS');
    expect(text).toContain('As assinaturas feitas no aplicativo também valem no site');
    const android = within(dialog).getByRole('link', { name: /Google Play/ });
    const ios = within(dialog).getByRole('link', { name: /App Store/ });
    expect(android).toHaveAttribute('href', TEST_STATION.apps[0]?.url);
    expect(ios).toHaveAttribute('href', TEST_STATION.apps[1]?.url);
    expect(dialog.querySelector('form, input')).toBeNull();

    await user.click(android);
    expect(trackedEvents().map(({ category, action, label }) => [category, action, label])).toEqual(
      [
        ['pro-page', 'subscribe-click', 'anual'],
        ['pro-page', 'store-link', 'android'],
      ],
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tracks every event with the category pro-page (PP-06)', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(screen.getByTestId('pro-banner')).getByRole('button', { name: 'Assinar agora' }),
    );
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Posso cancelar?' }));
    await user.click(await screen.findByRole('link', { name: /Ver todos os podcasts/ }));
    const events = trackedEvents();
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(new Set(events.map((event) => event.category))).toEqual(new Set(['pro-page']));
  });

  it('shows the dark-mode switch to PRO users only, and it switches the theme', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    expect(screen.queryByRole('switch', { name: /Modo escuro/ })).not.toBeInTheDocument();
    expect(screen.getByText('O modo escuro é exclusivo para assinantes PRO.')).toBeInTheDocument();
    unmount();

    act(() =>
      setSession({ user: { userId: 1, name: 'Ana', email: 'ana@teste.example', isPro: true } }),
    );
    renderPage();
    const toggle = screen.getByRole('switch', { name: /Modo escuro/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(trackedEvents().at(-1)).toMatchObject({
      category: 'pro-page',
      action: 'dark-mode-toggle',
      label: 'dark',
    });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
  });
});
