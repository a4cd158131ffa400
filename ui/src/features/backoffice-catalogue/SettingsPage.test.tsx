import { describe, expect, it } from 'vitest';
import { resetAroundEachTest } from '@/features/backoffice/testing/setup';
import type { AppParameters } from '@/generated/AppParameters';
import { messages } from '@/generated/validation-rules';
import { setSession } from '@/lib/session';
import { TEST_APP_PARAMETERS } from '@/test/api-mock';
import { fireEvent, screen, waitFor } from '@/test/render';
import {
  mockCatalogue,
  NEWSROOM_SPEC,
  ok,
  permissions,
  refuse,
  STAFF,
  type Handler,
} from './testing/fixtures';
import { renderCatalogue } from './testing/render-catalogue';

const PARAMS: AppParameters = {
  ...TEST_APP_PARAMETERS,
  enabledTests: ['novo_player'],
  campaignStreams: { verao: 'teste_2' },
};

async function openSettings(handlers: Record<string, Handler> = {}) {
  const api = mockCatalogue({ 'GET backoffice/settings': ok(PARAMS), ...handlers });
  setSession({ user: STAFF });
  renderCatalogue('/a1catalogo/parametros');
  await screen.findByTestId('settings-form');
  return api;
}

const box = (name: string) => screen.getByRole('textbox', { name });

resetAroundEachTest();

describe('/a1catalogo/parametros', () => {
  it('saves every parameter with PUT', async () => {
    const api = await openSettings({
      'PUT backoffice/settings': (call) => ok(call.body),
    });
    expect(box('Texto da barra')).toHaveValue(PARAMS.headerBar.text);
    expect(
      screen.getByText(
        'Mostra o aviso de manutenção na barra do topo; o site continua funcionando',
      ),
    ).toBeInTheDocument();

    fireEvent.change(box('Texto da barra'), { target: { value: ' Ouça agora! ' } });
    fireEvent.change(box('Link da barra'), { target: { value: 'https://onda.example/ao-vivo' } });
    fireEvent.change(box('Cor final'), { target: { value: '#000000' } });
    fireEvent.click(screen.getByRole('switch', { name: /Aviso de manutenção/ }));
    fireEvent.change(box('Endereço do Ad Manager'), {
      target: { value: 'https://ads.example/vast' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar campanha' }));
    fireEvent.change(box('Campanha 2'), { target: { value: 'natal' } });
    fireEvent.change(box('Stream 2'), { target: { value: 'teste_3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.to('PUT', 'backoffice/settings')).toHaveLength(1));
    expect(api.to('PUT', 'backoffice/settings')[0]?.body).toEqual({
      logo: PARAMS.logo,
      headerBar: {
        ...PARAMS.headerBar,
        text: 'Ouça agora!',
        link: 'https://onda.example/ao-vivo',
        gradientTo: '#000000',
      },
      maintenance: true,
      preroll: { adManagerUrl: 'https://ads.example/vast', targetingUrl: '' },
      enabledTests: ['novo_player'],
      campaignStreams: { verao: 'teste_2', natal: 'teste_3' },
    });
    expect(await screen.findByText(messages.SETTINGS_SAVED)).toBeInTheDocument();
  });

  it('shows SETTINGS_COLOR for a bad colour and sends nothing', async () => {
    const api = await openSettings();
    fireEvent.change(box('Cor inicial'), { target: { value: 'vermelho' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.SETTINGS_COLOR)).toBeInTheDocument();
    expect(box('Cor inicial')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('PUT', 'backoffice/settings')).toHaveLength(0);
  });

  it('checks the link and the codes in the server words', async () => {
    const api = await openSettings();
    fireEvent.change(box('Link da barra'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(box('Campanha 1'), { target: { value: 'Verão' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.SETTINGS_LINK)).toBeInTheDocument();
    expect(screen.getByText(messages.SETTINGS_CODES)).toBeInTheDocument();
    expect(api.to('PUT', 'backoffice/settings')).toHaveLength(0);
  });

  it("shows the server's 400", async () => {
    await openSettings({ 'PUT backoffice/settings': refuse(messages.SETTINGS_LOGO, 400) });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.SETTINGS_LOGO)).toBeInTheDocument();
  });

  it('is closed to a journalist (permission 5 only)', async () => {
    const api = mockCatalogue({
      'stats/getUserPermissions': ok(permissions([5])),
      'GET backoffice/catalogue': ok(NEWSROOM_SPEC),
    });
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo/parametros');
    expect(await screen.findByTestId('catalogue-no-permission')).toBeInTheDocument();
    expect(api.to('GET', 'backoffice/settings')).toHaveLength(0);
  });
});
