import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute, screen } from '@/test/render';
import { TERMS_NOT_FOUND_TEXT } from './TermsPage';

const PRIVACY = {
  slug: 'privacidade',
  title: 'Política de Privacidade',
  content:
    '<h2>8. Seus direitos</h2><p><strong>Respondemos às solicitações de dados em até 5 (cinco) dias</strong>.</p>',
  updatedAt: '2026-10-24T12:00:00-03:00',
};
const TERMS = {
  slug: 'uso',
  title: 'Termos de Uso',
  content:
    '<h2>5. Assinatura PRO</h2><p><strong>O cancelamento passa a valer no dia seguinte ao fim do período já pago</strong>.</p>',
  updatedAt: '2026-10-24T12:00:00-03:00',
};

describe('legal texts', () => {
  it('LG-02: the privacy text states the 5-day response time', async () => {
    mockApi({ '/api/v1/legal/getTerms/privacidade': PRIVACY });
    renderRoute('/termos/privacidade');
    expect(await screen.findByText(/em até 5 \(cinco\) dias/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '8. Seus direitos' })).toBeInTheDocument();
    expect(screen.getByText('Última atualização: 24/10/2026')).toBeInTheDocument();
  });

  it('LG-02: the terms state cancellation takes effect the day after the paid period', async () => {
    mockApi({ '/api/v1/legal/getTerms/uso': TERMS });
    renderRoute('/termos/uso');
    expect(
      await screen.findByText(/no dia seguinte ao fim do período já pago/),
    ).toBeInTheDocument();
  });

  it('C41: /termos redirects to /termos/privacidade', async () => {
    mockApi({ '/api/v1/legal/getTerms/privacidade': PRIVACY });
    const { router } = renderRoute('/termos');
    expect(await screen.findByText(/5 \(cinco\) dias/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/termos/privacidade');
  });

  it('an unknown slug shows NÃO ACHAMOS ESSES TERMOS :( with a link to /termos', async () => {
    mockApi();
    renderRoute('/termos/cookies');
    expect(await screen.findByText(TERMS_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver os termos' })).toHaveAttribute('href', '/termos');
  });
});
