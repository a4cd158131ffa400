import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAroundEachTest } from '@/features/backoffice/testing/setup';
import { setSession } from '@/lib/session';
import { act, screen, userEvent, waitFor, within } from '@/test/render';
import { LIVE_REFRESH_MS } from './messages';
import {
  CHANNELS,
  makeChannel,
  mockLive,
  NO_CONTENT,
  ok,
  permissions,
  refuse,
  SESSION,
  STAFF,
  type Handler,
} from './testing/fixtures';
import { renderLive } from './testing/render-live';

const LIST = 'backoffice/live-sources';

async function openDesk(handlers: Record<string, Handler> = {}) {
  const api = mockLive(handlers);
  setSession({ user: STAFF });
  const view = renderLive();
  await screen.findByTestId('live-desk');
  return { api, ...view };
}

const card = (streamId: string) => screen.getByTestId(`live-channel-${streamId}`);

resetAroundEachTest();
afterEach(() => {
  vi.useRealTimers();
});

describe('/a1aovivo', () => {
  it('shows the channel on air with its source, and the one on the autoDJ', async () => {
    await openDesk();
    expect(screen.getByRole('heading', { level: 1, name: 'Transmissão ao vivo' })).toBeVisible();
    const cards = screen.getAllByRole('region');
    expect(
      cards.map((region) => within(region).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Onda FM', 'Onda Pop']);

    const live = card('onda_1');
    expect(within(live).getByTestId('live-badge')).toHaveTextContent('Ao vivo');
    expect(within(live).getByText('Canal principal · onda_1')).toBeInTheDocument();
    const session = within(live).getByTestId('live-session');
    // Brasília time, pt-BR.
    expect(session).toHaveTextContent('No ar desde26/11/2026 às 09:05');
    expect(session).toHaveTextContent('203.0.113.7');
    expect(session).toHaveTextContent('Conectado em/stream/onda_1.mp3');
    expect(session).toHaveTextContent('Estúdio A');
    expect(session).toHaveTextContent('butt 1.45.0');
    expect(within(live).getByRole('button', { name: 'Desconectar fonte' })).toBeInTheDocument();

    const autoDj = card('onda_2');
    expect(within(autoDj).getByTestId('live-badge')).toHaveTextContent('AutoDJ no ar');
    expect(within(autoDj).queryByTestId('live-session')).not.toBeInTheDocument();
    expect(
      within(autoDj).queryByRole('button', { name: 'Desconectar fonte' }),
    ).not.toBeInTheDocument();
  });

  it("gives the encoder's settings: this host and port, the MP3 mount first, user source", async () => {
    await openDesk();
    const main = card('onda_1');
    const settings = within(main).getByTestId('live-encoder-settings');
    expect(settings).toHaveTextContent(`Servidor${window.location.hostname}`);
    expect(settings).toHaveTextContent(`Porta${window.location.port || '80'}`);
    expect(settings).toHaveTextContent('Ponto de montagem (mount)/stream/onda_1.mp3');
    expect(settings).toHaveTextContent('Também aceita/stream/onda_1.aac/stream/onda_1_aacp.aac');
    expect(settings).toHaveTextContent('Usuáriosource');
    expect(within(main).getByTestId('live-password-kind')).toHaveTextContent(
      'senha da estação (ONDA_SOURCE_PASSWORD)',
    );
    expect(within(card('onda_2')).getByTestId('live-password-kind')).toHaveTextContent(
      'senha própria do canal desde 20/11/2026 às 14:30',
    );
    expect(screen.queryByTestId('live-no-password')).not.toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Copiar mount' })).toBeInTheDocument();
  });

  it('warns that a channel without any password takes no source', async () => {
    await openDesk({
      [`GET ${LIST}`]: ok([makeChannel(1, { stationPassword: false })]),
    });
    expect(screen.getByTestId('live-no-password')).toHaveTextContent(
      'Este canal não aceita fonte ao vivo',
    );
    expect(screen.queryByRole('button', { name: 'Remover senha própria' })).not.toBeInTheDocument();
  });

  it('shows a new password once, with the warning, then never again', async () => {
    let own = false;
    const { api } = await openDesk({
      [`GET ${LIST}`]: () =>
        ok([
          makeChannel(1, {
            ownPassword: own,
            passwordSetAt: own ? '2026-11-26T10:00:00-03:00' : null,
          }),
        ]),
      [`POST ${LIST}/onda_1/password`]: () => {
        own = true;
        return ok({ password: '0123456789abcdef0123456789abcdef' });
      },
    });
    const user = userEvent.setup();
    const gets = api.to('GET', LIST).length;
    // No own password yet: nothing to replace, so no question first.
    await user.click(screen.getByRole('button', { name: 'Gerar nova senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova senha do canal' });
    expect(within(dialog).getByTestId('live-password-value')).toHaveTextContent(
      '0123456789abcdef0123456789abcdef',
    );
    expect(dialog).toHaveTextContent('Esta senha não será mostrada de novo.');
    expect(within(dialog).getByRole('button', { name: 'Copiar senha' })).toBeInTheDocument();
    expect(api.to('POST', `${LIST}/onda_1/password`)).toHaveLength(1);
    // The status is asked again: the card now names the channel's own password.
    await waitFor(() => expect(api.to('GET', LIST).length).toBeGreaterThan(gets));
    expect(
      await screen.findByText('senha própria do canal desde 26/11/2026 às 10:00'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Já copiei' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('0123456789abcdef0123456789abcdef')).not.toBeInTheDocument();
  });

  it('asks before replacing an own password', async () => {
    const { api } = await openDesk({
      [`POST ${LIST}/onda_2/password`]: ok({ password: 'fedcba9876543210fedcba9876543210' }),
    });
    const user = userEvent.setup();
    await user.click(within(card('onda_2')).getByRole('button', { name: 'Gerar nova senha' }));
    const question = await screen.findByRole('dialog', { name: 'Substituir a senha própria?' });
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(api.to('POST', `${LIST}/onda_2/password`)).toHaveLength(0);

    await user.click(within(card('onda_2')).getByRole('button', { name: 'Gerar nova senha' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Substituir a senha própria?' })).getByRole(
        'button',
        { name: 'Gerar e substituir' },
      ),
    );
    expect(await screen.findByText('fedcba9876543210fedcba9876543210')).toBeInTheDocument();
    expect(api.to('POST', `${LIST}/onda_2/password`)).toHaveLength(1);
  });

  it('removes an own password after a confirmation', async () => {
    const { api } = await openDesk({ [`DELETE ${LIST}/onda_2/password`]: NO_CONTENT });
    const user = userEvent.setup();
    await user.click(within(card('onda_2')).getByRole('button', { name: 'Remover senha própria' }));
    const question = await screen.findByRole('dialog', {
      name: 'Remover a senha própria do canal?',
    });
    expect(question).toHaveTextContent('volta a aceitar a senha da estação');
    expect(api.to('DELETE', `${LIST}/onda_2/password`)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Remover senha' }));
    expect(await screen.findByText('Senha própria removida.')).toBeInTheDocument();
    expect(api.to('DELETE', `${LIST}/onda_2/password`)).toHaveLength(1);
  });

  it('cuts the source off only after a confirmation, then refreshes the status', async () => {
    let live = true;
    const { api } = await openDesk({
      [`GET ${LIST}`]: () =>
        ok([makeChannel(1, { name: 'Onda FM', live: live ? SESSION : null }), CHANNELS[1]]),
      [`POST ${LIST}/onda_1/disconnect`]: () => {
        live = false;
        return NO_CONTENT;
      },
    });
    const user = userEvent.setup();
    await user.click(within(card('onda_1')).getByRole('button', { name: 'Desconectar fonte' }));
    const question = await screen.findByRole('dialog', {
      name: 'Desconectar a fonte ao vivo?',
    });
    expect(question).toHaveTextContent('o AutoDJ volta em até dois segundos');
    expect(api.to('POST', `${LIST}/onda_1/disconnect`)).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Desconectar fonte' }));
    expect(api.to('POST', `${LIST}/onda_1/disconnect`)).toHaveLength(1);
    expect(
      await screen.findByText('Fonte desconectada. O AutoDJ voltou ao ar.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('onda_1')).getByTestId('live-badge')).toHaveTextContent('AutoDJ no ar'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("tells why a disconnect failed (the source had left: the server's 404)", async () => {
    await openDesk({
      [`POST ${LIST}/onda_1/disconnect`]: refuse('Nenhuma fonte ao vivo neste canal.', 404),
    });
    const user = userEvent.setup();
    await user.click(within(card('onda_1')).getByRole('button', { name: 'Desconectar fonte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Desconectar a fonte ao vivo?' })).getByRole(
        'button',
        { name: 'Desconectar fonte' },
      ),
    );
    expect(
      await screen.findByText(
        'Não foi possível desconectar a fonte. Nenhuma fonte ao vivo neste canal.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the status every 5 seconds while open, and stops when it closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, unmount } = await openDesk();
    const first = api.to('GET', LIST).length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(api.to('GET', LIST).length).toBe(first + 1));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(api.to('GET', LIST).length).toBe(first + 2));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3));
    expect(api.to('GET', LIST).length).toBe(first + 2);
  });

  it('keeps the last status with a notice when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    await openDesk({
      [`GET ${LIST}`]: () => {
        calls += 1;
        return calls === 1 ? ok(CHANNELS) : refuse('boom', 500);
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    expect(await screen.findByTestId('live-refresh-error')).toBeInTheDocument();
    expect(card('onda_1')).toBeInTheDocument();
  });

  it('says the station engine is off when there is no channel', async () => {
    mockLive({ [`GET ${LIST}`]: ok([]) });
    setSession({ user: STAFF });
    renderLive();
    expect(await screen.findByTestId('live-empty')).toHaveTextContent(
      'O motor da rádio está desligado',
    );
  });
});

describe('the live desk gate', () => {
  it("shows 'sem permissão' when the list answers 403, as the catalogue's gate does", async () => {
    mockLive({
      'stats/getUserPermissions': ok(permissions([5])),
      [`GET ${LIST}`]: refuse('no permission', 403),
    });
    setSession({ user: STAFF });
    renderLive();
    expect(await screen.findByTestId('live-no-permission')).toHaveTextContent(
      'Você não tem permissão para gerenciar a transmissão ao vivo.',
    );
    expect(screen.queryByTestId('live-desk')).not.toBeInTheDocument();
  });

  it('asks for a login without a session, and calls nothing of the back office', async () => {
    const api = mockLive();
    setSession(null);
    renderLive();
    expect(await screen.findByTestId('live-login-required')).toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });

  it('offers a retry when the list fails otherwise', async () => {
    let calls = 0;
    mockLive({
      [`GET ${LIST}`]: () => {
        calls += 1;
        return calls === 1 ? refuse('boom', 500) : ok(CHANNELS);
      },
    });
    setSession({ user: STAFF });
    const user = userEvent.setup();
    renderLive();
    expect(await screen.findByTestId('live-gate-error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('live-desk')).toBeInTheDocument();
  });
});
