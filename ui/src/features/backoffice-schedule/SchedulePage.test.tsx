import { describe, expect, it } from 'vitest';
import { bodyOf, only, resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
import { setSession } from '@/lib/session';
import { fireEvent, screen, userEvent, waitFor, within } from '@/test/render';
import {
  GRID,
  makeEditor,
  makeException,
  makeSlot,
  mockSchedule,
  ok,
  permissions,
  refuse,
  STAFF,
  type Handler,
} from './testing/fixtures';
import { renderSchedule } from './testing/render-schedule';

const OVERLAP = 'Este horário se sobrepõe a outro programa da grade deste canal.';

async function openGrid(handlers: Record<string, Handler> = {}, width = 1280) {
  setWidth(width);
  const api = mockSchedule(handlers);
  setSession({ user: STAFF });
  const view = renderSchedule('/a1programacao/onda_1');
  await screen.findByTestId('schedule-desk');
  return { api, ...view };
}

/** The slot form's dialog, once open. */
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

resetAroundEachTest();

describe('/a1programacao/:streamId, the week', () => {
  it('puts each slot in its day column, sized by its hours, a midnight crossing on both days', async () => {
    await openGrid();
    expect(screen.getByRole('heading', { level: 1, name: 'Grade de programação' })).toBeVisible();
    const week = screen.getByRole('group', { name: 'Grade semanal de Onda FM' });
    const columns = within(week).getAllByRole('region');
    expect(columns.map((column) => column.getAttribute('aria-label'))).toEqual([
      'Segunda',
      'Terça',
      'Quarta',
      'Quinta',
      'Sexta',
      'Sábado',
      'Domingo',
    ]);

    const monday = screen.getByTestId('day-1');
    const morning = within(monday).getByRole('button', { name: /^Manhã Onda, Segunda/ });
    expect(morning).toHaveAccessibleName('Manhã Onda, Segunda, 06:00–10:00, Ao vivo');
    // 06:00 is 360 minutes down the day, for 240 minutes.
    expect(morning.style.getPropertyValue('--from')).toBe('360');
    expect(morning.style.getPropertyValue('--length')).toBe('240');
    expect(within(screen.getByTestId('day-2')).queryAllByRole('button')).toHaveLength(0);

    // Wednesday 22:00 → Thursday 02:00: two parts.
    const night = within(screen.getByTestId('day-3')).getByRole('button', { name: /Noite Onda/ });
    expect(night.style.getPropertyValue('--from')).toBe('1320');
    expect(night.style.getPropertyValue('--length')).toBe('120');
    const after = within(screen.getByTestId('day-4')).getByRole('button', { name: /Noite Onda/ });
    expect(after).toHaveAccessibleName(
      'Noite Onda (continuação), Quinta, 22:00–02:00, Playlist Pop nacional',
    );
    expect(after.style.getPropertyValue('--from')).toBe('0');
    expect(after.style.getPropertyValue('--length')).toBe('120');
    // Today (2026-11-26) is a Thursday.
    expect(screen.getByTestId('day-4')).toHaveAttribute('data-today');
  });

  it("on a phone, shows one day at a time, today's first", async () => {
    await openGrid({}, 375);
    expect(screen.queryByTestId('week-view')).not.toBeInTheDocument();
    const thursday = screen.getByTestId('day-4');
    expect(
      within(thursday).getByRole('button', { name: /Noite Onda \(continuação\)/ }),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Segunda' }));
    expect(
      within(screen.getByTestId('day-1')).getByRole('button', { name: /Manhã Onda/ }),
    ).toHaveTextContent('06:00–10:00');
  });

  it('offers the other channels, and a channel the server does not know is not found', async () => {
    await openGrid({
      'GET backoffice/schedule/onda_2': refuse('not found', 404),
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Canal' }), 'onda_2');
    expect(await screen.findByTestId('schedule-not-found')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/a1programacao/onda_2');
  });
});

describe('the slot form', () => {
  it('edits a slot: Enter on its block opens it filled in, the body carries the version', async () => {
    const { api } = await openGrid({
      'PUT backoffice/schedule/slots/1': (call) => ok(makeSlot(1, bodyOf(call))),
    });
    const user = userEvent.setup();
    screen.getByRole('button', { name: /^Manhã Onda, Segunda/ }).focus();
    await user.keyboard('{Enter}');
    const form = await dialog('Editar horário');
    expect(within(form).getByRole('combobox', { name: 'Programa' })).toHaveValue('1');
    expect(within(form).getByRole('combobox', { name: 'Dia da semana' })).toHaveValue('1');
    expect(within(form).getByLabelText(/^Início/)).toHaveValue('06:00');

    fireEvent.change(within(form).getByLabelText(/^Término/), { target: { value: '11:00' } });
    await user.click(within(form).getByRole('radio', { name: 'Playlist' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Playlist' }), '10');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(only(api.to('PUT', 'backoffice/schedule/slots/1')))).toEqual({
      programId: 1,
      weekday: 1,
      start: '06:00',
      end: '11:00',
      presenters: 'Ana Lima',
      fill: 'playlist',
      playlistId: 10,
      version: 3,
    });
    expect(await screen.findByText('Horário salvo.')).toBeInTheDocument();
  });

  it('asks before closing a form with changes, and closes an untouched one at once', async () => {
    const { api } = await openGrid();
    const user = userEvent.setup();
    screen.getByRole('button', { name: /^Manhã Onda, Segunda/ }).focus();
    await user.keyboard('{Enter}');
    let form = await dialog('Editar horário');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    screen.getByRole('button', { name: /^Manhã Onda, Segunda/ }).focus();
    await user.keyboard('{Enter}');
    form = await dialog('Editar horário');
    fireEvent.change(within(form).getByLabelText(/^Término/), { target: { value: '11:00' } });
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    const ask = await dialog('Sair sem salvar?');
    expect(ask).toHaveTextContent('Este horário tem alterações ainda não salvas.');
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sair sem salvar?' })).not.toBeInTheDocument(),
    );
    form = screen.getByRole('dialog', { name: 'Editar horário' });
    expect(within(form).getByLabelText(/^Término/)).toHaveValue('11:00');

    await user.keyboard('{Escape}');
    await user.click(
      within(await dialog('Sair sem salvar?')).getByRole('button', { name: 'Sair sem salvar' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('PUT', 'backoffice/schedule/slots/1')).toHaveLength(0);
  });

  it("adds a slot from a click on an empty hour, proposing the programme's host", async () => {
    const { api } = await openGrid({
      [`POST ${GRID}/slots`]: (call) => ok(makeSlot(9, bodyOf(call))),
    });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('hour-5-20'));
    const form = await dialog('Novo horário');
    expect(within(form).getByRole('combobox', { name: 'Dia da semana' })).toHaveValue('5');
    expect(within(form).getByLabelText(/^Início/)).toHaveValue('20:00');
    expect(within(form).getByLabelText(/^Término/)).toHaveValue('21:00');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Programa' }), '2');
    expect(within(form).getByRole('textbox', { name: /Apresentação/ })).toHaveValue('Bruno Reis');
    // Another programme replaces a proposed host, never names typed by hand.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Programa' }), '1');
    expect(within(form).getByRole('textbox', { name: /Apresentação/ })).toHaveValue('Ana Lima');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.to('POST', `${GRID}/slots`)).toHaveLength(1));
    expect(bodyOf(only(api.to('POST', `${GRID}/slots`)))).toEqual({
      programId: 1,
      weekday: 5,
      start: '20:00',
      end: '21:00',
      presenters: 'Ana Lima',
      fill: 'live',
      playlistId: null,
      version: null,
    });
  });

  it("keeps the form open with the server's 400 message (an overlap)", async () => {
    const { api } = await openGrid({ [`POST ${GRID}/slots`]: refuse(OVERLAP, 400) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar horário' }));
    const form = await dialog('Novo horário');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    // Nothing goes without a programme.
    expect(within(form).getByText('Preencha este campo.')).toBeInTheDocument();
    expect(api.to('POST', `${GRID}/slots`)).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Programa' }), '3');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(OVERLAP);
    expect(screen.getByRole('dialog', { name: 'Novo horário' })).toBeInTheDocument();
  });

  it('asks for a playlist when the slot plays one', async () => {
    const { api } = await openGrid();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar horário' }));
    const form = await dialog('Novo horário');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Programa' }), '3');
    await user.click(within(form).getByRole('radio', { name: 'Playlist' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(
      within(form).getByText('Escolha a playlist que toca neste horário.'),
    ).toBeInTheDocument();
    expect(api.to('POST', `${GRID}/slots`)).toHaveLength(0);
  });

  it("shows a 409's message with a way to reload the grid", async () => {
    const stale = 'Outra pessoa mudou este horário. Recarregue a grade.';
    const { api } = await openGrid({ 'PUT backoffice/schedule/slots/1': refuse(stale, 409) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Manhã Onda, Segunda/ }));
    const form = await dialog('Editar horário');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(stale);
    const gets = api.to('GET', GRID).length;
    await user.click(within(form).getByRole('button', { name: 'Recarregar a grade' }));
    await waitFor(() => expect(api.to('GET', GRID).length).toBe(gets + 1));
  });

  it('deletes a slot only after a confirmation', async () => {
    const { api } = await openGrid({
      'DELETE backoffice/schedule/slots/2': ok(null),
    });
    const user = userEvent.setup();
    await user.click(
      within(screen.getByTestId('day-3')).getByRole('button', { name: /Noite Onda/ }),
    );
    const form = await dialog('Editar horário');
    await user.click(within(form).getByRole('button', { name: 'Excluir' }));
    expect(within(form).getByText('Excluir este horário?')).toBeInTheDocument();
    expect(api.to('DELETE', 'backoffice/schedule/slots/2')).toHaveLength(0);
    await user.click(within(form).getByTestId('confirm-delete'));
    await waitFor(() => expect(api.to('DELETE', 'backoffice/schedule/slots/2')).toHaveLength(1));
    expect(await screen.findByText('Horário excluído.')).toBeInTheDocument();
  });
});

describe('the one-off changes, the default playlist and the ECAD report', () => {
  it('adds a one-off change with its date and note', async () => {
    let exceptions = [makeException(5)];
    const { api } = await openGrid({
      [`GET ${GRID}`]: () => ok(makeEditor({ exceptions })),
      [`POST ${GRID}/exceptions`]: (call) => {
        const added = makeException(6, { ...bodyOf(call), programTitle: 'Madrugada' });
        exceptions = [...exceptions, added];
        return ok(added);
      },
    });
    const list = screen.getByTestId('schedule-exceptions');
    expect(
      within(list).getByRole('button', { name: /Noite Onda, Sexta, 25\/12\/2026, 08:00–12:00/ }),
    ).toHaveTextContent('Especial de Natal');

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Nova mudança' }));
    const form = await dialog('Nova mudança de programação');
    expect(within(form).getByLabelText(/^Data/)).toHaveValue('2026-11-26');
    fireEvent.change(within(form).getByLabelText(/^Data/), { target: { value: '2026-12-31' } });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Programa' }), '3');
    fireEvent.change(within(form).getByLabelText(/^Início/), { target: { value: '23:00' } });
    fireEvent.change(within(form).getByLabelText(/^Término/), { target: { value: '02:00' } });
    await user.type(within(form).getByRole('textbox', { name: /Observação/ }), 'Réveillon');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.to('POST', `${GRID}/exceptions`)).toHaveLength(1));
    expect(bodyOf(only(api.to('POST', `${GRID}/exceptions`)))).toEqual({
      date: '2026-12-31',
      programId: 3,
      start: '23:00',
      end: '02:00',
      presenters: '',
      fill: 'live',
      playlistId: null,
      note: 'Réveillon',
      version: null,
    });
    expect(
      await within(list).findByRole('button', { name: /Madrugada, Quinta, 31\/12\/2026/ }),
    ).toHaveTextContent('Réveillon');
  });

  it('edits a one-off change with its version', async () => {
    const { api } = await openGrid({
      [`GET ${GRID}`]: ok(makeEditor({ exceptions: [makeException(5)] })),
      'PUT backoffice/schedule/exceptions/5': (call) => ok(makeException(5, bodyOf(call))),
    });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('exception-5'));
    const form = await dialog('Editar mudança de programação');
    expect(within(form).getByRole('textbox', { name: /Observação/ })).toHaveValue(
      'Especial de Natal',
    );
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('PUT', 'backoffice/schedule/exceptions/5')).toHaveLength(1));
    expect(bodyOf(only(api.to('PUT', 'backoffice/schedule/exceptions/5')))).toMatchObject({
      date: '2026-12-25',
      programId: 2,
      fill: 'playlist',
      playlistId: 10,
      version: 1,
    });
  });

  it("saves the channel's default playlist when one is chosen", async () => {
    const { api } = await openGrid({ [`PUT ${GRID}/default-playlist`]: ok(null) });
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: /Fora dos horários com playlist, toca:/ });
    expect(select).toHaveValue('11');
    await user.selectOptions(select, '');
    await waitFor(() => expect(api.to('PUT', `${GRID}/default-playlist`)).toHaveLength(1));
    expect(bodyOf(only(api.to('PUT', `${GRID}/default-playlist`)))).toEqual({ playlistId: null });
  });

  it("links the previous month's ECAD report of the channel", async () => {
    await openGrid();
    const box = screen.getByTestId('ecad');
    expect(within(box).getByLabelText('Mês')).toHaveValue('2026-10');
    const link = within(box).getByRole('link', {
      name: /Baixar o relatório ECAD de outubro de 2026/,
    });
    expect(link).toHaveAttribute('href', '/api/v1/backoffice/reports/ecad/onda_1/2026-10');
    fireEvent.change(within(box).getByLabelText('Mês'), { target: { value: '2026-09' } });
    expect(link).toHaveAttribute('href', '/api/v1/backoffice/reports/ecad/onda_1/2026-09');
  });
});

describe('the schedule gate', () => {
  it("shows 'sem permissão' without the catalogue's permission, and asks for no grid", async () => {
    const api = mockSchedule({ 'stats/getUserPermissions': ok(permissions([5, 6])) });
    setSession({ user: STAFF });
    renderSchedule('/a1programacao/onda_1');
    expect(await screen.findByTestId('schedule-no-permission')).toHaveTextContent(
      'Você não tem permissão para editar a grade de programação.',
    );
    expect(api.to('GET', GRID)).toHaveLength(0);
  });

  it('shows the same refusal when the grid itself answers 403', async () => {
    mockSchedule({ [`GET ${GRID}`]: refuse('no permission', 403) });
    setSession({ user: STAFF });
    renderSchedule('/a1programacao/onda_1');
    expect(await screen.findByTestId('schedule-no-permission')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-desk')).not.toBeInTheDocument();
  });

  it('asks for a login without a session, and calls nothing of the back office', async () => {
    const api = mockSchedule();
    setSession(null);
    renderSchedule('/a1programacao/onda_1');
    expect(await screen.findByTestId('schedule-login-required')).toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });
});
