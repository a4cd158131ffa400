import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { Logo } from '@/features/shell/components/Header/Logo';
import { mockApi, TEST_APP_PARAMETERS } from '@/test/api-mock';
import { render, screen } from '@/test/render';
import { MAINTENANCE_TEXT, TopBar } from './TopBar';

describe('TopBar', () => {
  it('shows the configured link text over the configured gradient', async () => {
    mockApi();
    render(<TopBar />);
    const link = await screen.findByRole('link', { name: 'Ouça a Rádio Teste ao vivo!' });
    expect(link).toHaveAttribute('href', '/ouvir-radio-online');
    // jsdom serialises the hex colours as rgb().
    expect(screen.getByTestId('top-bar').style.backgroundImage).toMatch(
      /linear-gradient\(90deg, (#ff5f1f|rgb\(255, 95, 31\)), (#c2185b|rgb\(194, 24, 91\))\)/,
    );
  });

  it('shows the maintenance text instead when maintenance is on (SH-07)', async () => {
    mockApi({ '/api/v1/getAppParameters': { ...TEST_APP_PARAMETERS, maintenance: true } });
    render(<TopBar />);
    expect(await screen.findByText(MAINTENANCE_TEXT)).toBeInTheDocument();
    expect(MAINTENANCE_TEXT).toBe(
      'Estamos em manutenção. Em Breve todas as funcionalidades voltarão ao normal.',
    );
    expect(screen.queryByText('Ouça a Rádio Teste ao vivo!')).not.toBeInTheDocument();
  });

  it('ignores colour values that are not colours', async () => {
    mockApi({
      '/api/v1/getAppParameters': {
        ...TEST_APP_PARAMETERS,
        headerBar: {
          ...TEST_APP_PARAMETERS.headerBar,
          gradientFrom: 'url(https://x.example/a.png)',
        },
      },
    });
    render(<TopBar />);
    await screen.findByRole('link', { name: 'Ouça a Rádio Teste ao vivo!' });
    expect(screen.getByTestId('top-bar').style.backgroundImage).not.toContain('url(');
  });

  it("with the page's initial data, the first frame has the station's text and logo, unasked", () => {
    const fetchMock = mockApi();
    // The client the app builds from the page (app/query-client.ts), as on a page the server wrote.
    const queryClient = createQueryClient({ appParameters: TEST_APP_PARAMETERS });
    render(
      <>
        <TopBar />
        <Logo />
      </>,
      { queryClient },
    );
    expect(screen.getByRole('link', { name: 'Ouça a Rádio Teste ao vivo!' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('src', TEST_APP_PARAMETERS.logo.url);
    const calls = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('getAppParameters'),
    );
    expect(calls).toEqual([]);
  });
});
