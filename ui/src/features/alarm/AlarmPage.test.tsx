/**
 * /despertador over the real page, router and query client; only the Tauri IPC (the desktop app's
 * commands and events) is a stand-in, answering like src-tauri/src/desktop/commands.rs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  installFakeTauri,
  removeFakeTauri,
  type FakeTauri,
} from '@/features/desktop/testing/fake-tauri';
import { resetSession, setSession } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { act, render, screen, userEvent, waitFor, within } from '@/test/render';
import type { Alarm, AlarmOverview, StreamChoice } from './alarm-bridge';
import { ProfileMenu } from '@/features/shell/components/Header/ProfileMenu';
import { AlarmPage } from './AlarmPage';

const PRO_USER = { userId: 8, name: 'Pro', email: 'p@x.br', isPro: true };
const FREE_USER = { userId: 7, name: 'Ana', email: 'a@x.br', isPro: false };

const STREAMS: StreamChoice[] = [
  { id: 'onda_1', name: 'Onda FM', mp3: 'http://station/stream/onda_1.mp3' },
  { id: 'onda_2', name: 'Onda Rock', mp3: 'http://station/stream/onda_2.mp3' },
];

const WEEKDAY_ALARM: Alarm = {
  id: 'a1',
  label: 'Trabalho',
  enabled: true,
  time: '06:45:00',
  days: [1, 2, 3, 4, 5],
  streamId: 'onda_1',
  volume: 0.6,
  fadeInSeconds: 45,
  snoozeMinutes: 9,
  armedAt: null,
};

function overview(extra: Partial<AlarmOverview> = {}): AlarmOverview {
  return {
    alarms: [],
    fallbackStreamId: null,
    next: null,
    ringing: null,
    snoozedUntil: null,
    missed: [],
    ...extra,
  };
}

/** The desktop app holding `state`, answering like the Rust commands. */
function desktopApp(initial: AlarmOverview): FakeTauri {
  let state = initial;
  let settings = { notifyTracks: false };
  return installFakeTauri({
    alarm_list: () => state,
    alarm_save: (args) => {
      const alarm = args?.alarm as Alarm;
      const others = state.alarms.filter((a) => a.id !== alarm.id);
      state = { ...state, alarms: [...others, alarm] };
      return state;
    },
    alarm_delete: (args) => {
      state = { ...state, alarms: state.alarms.filter((a) => a.id !== args?.id) };
      return state;
    },
    alarm_set_fallback: (args) => {
      state = { ...state, fallbackStreamId: (args?.streamId as string | null) ?? null };
      return state;
    },
    alarm_snooze: () => {
      state = { ...state, ringing: null, snoozedUntil: '2026-11-24T06:54:00' };
      return state;
    },
    alarm_stop: () => {
      state = { ...state, ringing: null, snoozedUntil: null };
      return state;
    },
    desktop_streams: () => STREAMS,
    settings_get: () => settings,
    settings_set: (args) => {
      settings = args?.settings as typeof settings;
      return settings;
    },
    tray_set_staff: () => undefined,
  });
}

beforeEach(() => {
  mockApi();
  resetSession();
});

afterEach(() => {
  removeFakeTauri();
  resetSession();
});

describe('AlarmPage on the website', () => {
  it('says the alarm clock is part of the desktop app, with the PRO prompt for non-PRO', async () => {
    setSession({ user: FREE_USER });
    render(<AlarmPage />, { route: '/despertador' });
    expect(screen.getByRole('heading', { level: 1, name: 'Despertador' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        name: 'O despertador faz parte do aplicativo para computador',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conheça os aplicativos' })).toHaveAttribute(
      'href',
      '/aplicativos',
    );
    expect(screen.getByRole('link', { name: 'Seja um assinante!' })).toHaveAttribute(
      'href',
      '/vantagens-da-assinatura-pro',
    );
    expect(screen.queryByTestId('alarm-manager')).not.toBeInTheDocument();
  });

  it('shows a PRO user the desktop-app message only', () => {
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    expect(screen.getByTestId('alarm-desktop-only')).toBeInTheDocument();
    expect(screen.queryByTestId('pro-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alarm-manager')).not.toBeInTheDocument();
  });
});

describe('AlarmPage in the desktop app', () => {
  it('gives a non-PRO user the PRO prompt and never asks for the alarms', async () => {
    const tauri = desktopApp(overview({ alarms: [WEEKDAY_ALARM] }));
    setSession({ user: FREE_USER });
    render(<AlarmPage />, { route: '/despertador' });
    expect(
      screen.getByRole('heading', { name: 'Despertador exclusivo para assinantes PRO' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Seja um assinante!' })).toHaveAttribute(
      'href',
      '/vantagens-da-assinatura-pro',
    );
    expect(screen.queryByTestId('alarm-desktop-only')).not.toBeInTheDocument();
    expect(tauri.callsTo('alarm_list')).toHaveLength(0);
  });

  it('offers an anonymous user the PRO prompt and the login', () => {
    desktopApp(overview());
    setSession(null);
    render(<AlarmPage />, { route: '/despertador' });
    expect(screen.getByTestId('pro-notice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it("shows 'Nenhum despertador' when there are none", async () => {
    desktopApp(overview());
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    expect(await screen.findByRole('heading', { name: 'Nenhum despertador' })).toBeInTheDocument();
  });

  it('lists the alarms with time, days, stream, volume and fade-in', async () => {
    desktopApp(overview({ alarms: [WEEKDAY_ALARM], next: ['a1', '2026-11-24T06:45:00'] }));
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    const item = await screen.findByTestId('alarm-item');
    expect(within(item).getByText('06:45')).toBeInTheDocument();
    expect(within(item).getByText('Trabalho')).toBeInTheDocument();
    expect(within(item).getByText('Seg, Ter, Qua, Qui, Sex')).toBeInTheDocument();
    expect(
      await within(item).findByText('Onda FM · Volume 60% · aumenta em 45 s'),
    ).toBeInTheDocument();
    expect(within(item).getByRole('switch', { name: 'Ativado: 06:45 Trabalho' })).toBeChecked();
    expect(screen.getByTestId('alarm-next')).toHaveTextContent('Próximo despertador: 24/11 06:45');
  });

  it('shows an error with a retry when the alarms cannot be read', async () => {
    const tauri = desktopApp(overview());
    tauri.answer('alarm_list', () => {
      throw new Error('boom');
    });
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar os despertadores.' }),
    ).toBeInTheDocument();
    tauri.answer('alarm_list', () => overview());
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Nenhum despertador' })).toBeInTheDocument();
  });

  it('saves a new alarm with alarm_save and the payload Rust expects', async () => {
    const user = userEvent.setup({ delay: null });
    const tauri = desktopApp(overview());
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    await user.click(await screen.findByRole('button', { name: 'Novo despertador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo despertador' });

    const time = within(dialog).getByLabelText(/Horário/);
    await user.clear(time);
    await user.type(time, '05:30');
    // Weekdays are preselected: drop Friday, add Saturday.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sexta-feira' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sábado' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Stream/ }));
    await user.click(await screen.findByRole('option', { name: 'Onda Rock' }));
    const fade = within(dialog).getByRole('textbox', { name: /Aumentar o volume/ });
    await user.clear(fade);
    await user.type(fade, '60');
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Sábado cedo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(tauri.callsTo('alarm_save')).toHaveLength(1));
    const saved = tauri.callsTo('alarm_save')[0]?.alarm as Alarm;
    expect(saved).toEqual({
      id: expect.any(String),
      label: 'Sábado cedo',
      enabled: true,
      time: '05:30:00',
      days: [1, 2, 3, 4, 6],
      streamId: 'onda_2',
      volume: 0.7,
      fadeInSeconds: 60,
      snoozeMinutes: 9,
      armedAt: null,
    });
    expect(saved.id).not.toBe('');
    const item = await screen.findByTestId('alarm-item');
    expect(within(item).getByText('05:30')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits, disables and deletes an alarm', async () => {
    const user = userEvent.setup({ delay: null });
    const tauri = desktopApp(overview({ alarms: [WEEKDAY_ALARM] }));
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    await user.click(await screen.findByRole('button', { name: 'Editar 06:45 Trabalho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar despertador' });
    const time = within(dialog).getByLabelText(/Horário/);
    await user.clear(time);
    await user.type(time, '07:15');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(tauri.callsTo('alarm_save')).toHaveLength(1));
    expect(tauri.callsTo('alarm_save')[0]?.alarm).toEqual({ ...WEEKDAY_ALARM, time: '07:15:00' });

    await user.click(await screen.findByRole('switch', { name: 'Ativado: 07:15 Trabalho' }));
    await waitFor(() => expect(tauri.callsTo('alarm_save')).toHaveLength(2));
    expect(tauri.callsTo('alarm_save')[1]?.alarm).toMatchObject({ id: 'a1', enabled: false });

    await user.click(screen.getByRole('button', { name: 'Excluir 07:15 Trabalho' }));
    await waitFor(() => expect(tauri.callsTo('alarm_delete')).toEqual([{ id: 'a1' }]));
    expect(await screen.findByRole('heading', { name: 'Nenhum despertador' })).toBeInTheDocument();
  });

  it('rings: the banner says which source rang, with Soneca and Parar', async () => {
    const user = userEvent.setup({ delay: null });
    const tauri = desktopApp(overview({ alarms: [WEEKDAY_ALARM], fallbackStreamId: 'onda_2' }));
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    await screen.findByTestId('alarm-item');
    expect(screen.queryByTestId('alarm-ringing')).not.toBeInTheDocument();

    // Rust rings the alarm: its stream failed, the second stream plays.
    tauri.answer('alarm_list', () =>
      overview({
        alarms: [WEEKDAY_ALARM],
        fallbackStreamId: 'onda_2',
        ringing: {
          alarmId: 'a1',
          source: { kind: 'fallback', stream_id: 'onda_2' },
          started: '2026-11-24T06:45:00',
          sourceStarted: '2026-11-24T06:45:15',
        },
      }),
    );
    act(() =>
      tauri.fire('onda://alarm', {
        type: 'ringing',
        alarm_id: 'a1',
        source: { kind: 'fallback', stream_id: 'onda_2' },
        reason: 'no sound after 15 s',
      }),
    );
    const banner = await screen.findByTestId('alarm-ringing');
    expect(within(banner).getByText('Despertador tocando')).toBeInTheDocument();
    expect(within(banner).getByText('06:45 · Trabalho')).toBeInTheDocument();
    expect(within(banner).getByTestId('alarm-source')).toHaveTextContent(
      'O stream escolhido não tocou; tocando o segundo stream: Onda Rock.',
    );

    await user.click(within(banner).getByRole('button', { name: 'Soneca' }));
    await waitFor(() => expect(tauri.callsTo('alarm_snooze')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('alarm-ringing')).not.toBeInTheDocument());
    const snoozed = screen.getByTestId('alarm-snoozed');
    expect(snoozed).toHaveTextContent('Soneca até 06:54');
    await user.click(within(snoozed).getByRole('button', { name: 'Parar' }));
    await waitFor(() => expect(tauri.callsTo('alarm_stop')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('alarm-snoozed')).not.toBeInTheDocument());
  });

  it("says when the bundled sound rang, and 'Parar' stops it", async () => {
    const user = userEvent.setup({ delay: null });
    const tauri = desktopApp(
      overview({
        alarms: [WEEKDAY_ALARM],
        ringing: {
          alarmId: 'a1',
          source: { kind: 'bundled' },
          started: '2026-11-24T06:45:00',
          sourceStarted: '2026-11-24T06:45:30',
        },
      }),
    );
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    const banner = await screen.findByTestId('alarm-ringing');
    expect(within(banner).getByTestId('alarm-source')).toHaveTextContent(
      'Sem conexão com a rádio; tocando o som do despertador.',
    );
    await user.click(within(banner).getByRole('button', { name: 'Parar' }));
    await waitFor(() => expect(tauri.callsTo('alarm_stop')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('alarm-ringing')).not.toBeInTheDocument());
  });

  it('reports a missed alarm instead of ringing it late', async () => {
    const user = userEvent.setup({ delay: null });
    const tauri = desktopApp(overview({ alarms: [WEEKDAY_ALARM] }));
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    await screen.findByTestId('alarm-item');
    expect(screen.queryByTestId('alarm-missed')).not.toBeInTheDocument();
    tauri.answer('alarm_list', () =>
      overview({ alarms: [WEEKDAY_ALARM], missed: [{ alarmId: 'a1', at: '2026-11-24T06:45:00' }] }),
    );
    act(() =>
      tauri.fire('onda://alarm', { type: 'missed', alarm_id: 'a1', at: '2026-11-24T06:45:00' }),
    );
    const missed = await screen.findByTestId('alarm-missed');
    expect(missed).toHaveTextContent(
      'O despertador “Trabalho” das 06:45 não tocou: o computador estava desligado ou em repouso.',
    );
    expect(screen.queryByTestId('alarm-ringing')).not.toBeInTheDocument();
    await user.click(within(missed).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByTestId('alarm-missed')).not.toBeInTheDocument();
  });

  it('shows what was missed while the app was closed when the page opens', async () => {
    desktopApp(
      overview({ alarms: [WEEKDAY_ALARM], missed: [{ alarmId: 'a1', at: '2026-11-23T06:45:00' }] }),
    );
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    expect(await screen.findByTestId('alarm-missed')).toHaveTextContent(
      'O despertador “Trabalho” das 06:45 não tocou',
    );
  });

  it('sets the second stream and the track-change notifications (off by default)', async () => {
    const user = userEvent.setup({ delay: null });
    const tauri = desktopApp(overview());
    setSession({ user: PRO_USER });
    render(<AlarmPage />, { route: '/despertador' });
    const notify = await screen.findByRole('switch', { name: /Avisar quando a música mudar/ });
    await waitFor(() => expect(notify).toBeEnabled());
    expect(notify).not.toBeChecked();
    await user.click(notify);
    await waitFor(() =>
      expect(tauri.callsTo('settings_set')).toEqual([{ settings: { notifyTracks: true } }]),
    );
    await waitFor(() => expect(notify).toBeChecked());

    await user.click(screen.getByRole('textbox', { name: 'Segundo stream' }));
    await user.click(await screen.findByRole('option', { name: 'Onda Rock' }));
    await waitFor(() =>
      expect(tauri.callsTo('alarm_set_fallback')).toEqual([{ streamId: 'onda_2' }]),
    );
  });

  it('is in the profile menu of the desktop app (not of the website)', async () => {
    const user = userEvent.setup({ delay: null });
    setSession({ user: PRO_USER });
    const web = render(<ProfileMenu onLogout={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Menu do perfil de Pro' }));
    expect(await screen.findByRole('menuitem', { name: 'Meu perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Despertador' })).not.toBeInTheDocument();
    web.unmount();

    desktopApp(overview());
    render(<ProfileMenu onLogout={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Menu do perfil de Pro' }));
    expect(await screen.findByRole('menuitem', { name: 'Despertador' })).toHaveAttribute(
      'href',
      '/despertador',
    );
  });
});
