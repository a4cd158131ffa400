import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import { resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { mockApi, type ApiHandlers } from '@/test/api-mock';
import { act, render, screen, userEvent, waitFor, within } from '@/test/render';
import { FORM_TEXTS, RECOMMEND_PATH } from './forms-texts';
import { RECOMMEND_DRAFT_KEY } from './recommend-draft';
import { RecommendPage } from './RecommendPage';
import {
  acceptingEndpoint,
  LISTENER,
  refusingEndpoint,
  unreachableEndpoint,
  type SentRequest,
} from './testing/fixtures';
import { FORM_MESSAGES } from './validation';

const SEND = '/api/v1/recomende/sendRecomendation';
const M = FORM_MESSAGES.recommend;

function renderPage(handlers: ApiHandlers = {}) {
  mockApi(handlers);
  return render(
    <Routes>
      <Route path={RECOMMEND_PATH} element={<RecommendPage />} />
    </Routes>,
    { route: RECOMMEND_PATH },
  );
}

const artist = () => screen.getByRole('textbox', { name: 'Artista ou banda' });
const song = () => screen.getByRole('textbox', { name: 'Nome da música' });
const link = () => screen.getByRole('textbox', { name: 'Link da música (opcional)' });
const message = () => screen.getByRole('textbox', { name: 'Sua mensagem' });
const send = () => screen.getByRole('button', { name: 'Enviar recomendação' });

const FIELDS = { artist, song, link, message };

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<keyof typeof FIELDS, string>>,
) {
  for (const [name, value] of Object.entries(values) as [keyof typeof FIELDS, string][]) {
    const input = FIELDS[name]();
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
}

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  resetSession();
  resetLoginModal();
  act(() => toast.clear());
});

describe('/recomende', () => {
  it('RC-01: only the artist is open; a valid artist opens the song, a valid song the link and the message', async () => {
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage();
    const user = userEvent.setup();
    expect(artist()).toBeEnabled();
    expect(song()).toBeDisabled();
    expect(link()).toBeDisabled();
    expect(message()).toBeDisabled();

    await fill(user, { artist: 'Marisa Monte' });
    expect(song()).toBeEnabled();
    expect(link()).toBeDisabled();
    expect(message()).toBeDisabled();

    await fill(user, { song: 'Ainda Bem' });
    expect(link()).toBeEnabled();
    expect(message()).toBeEnabled();

    // Blank artist again: the later steps close (their values stay).
    await fill(user, { artist: '   ' });
    expect(song()).toBeDisabled();
    expect(song()).toHaveValue('Ainda Bem');
    expect(message()).toBeDisabled();
  });

  it('RC-02: the field messages for a blank or long artist, a long song and a short message', async () => {
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage();
    const user = userEvent.setup();
    await fill(user, { artist: '   ' });
    await user.tab();
    expect(screen.getByText(M.artistName)).toBeVisible();

    await fill(user, { artist: 'a'.repeat(51) });
    expect(screen.getByText(M.artistName)).toBeVisible();
    expect(song()).toBeDisabled();

    await fill(user, { artist: 'a'.repeat(50) });
    expect(screen.queryByText(M.artistName)).not.toBeInTheDocument();
    await fill(user, { song: 'm'.repeat(51) });
    expect(screen.getByText(M.musicName)).toBeVisible();

    await fill(user, { song: 'Ainda Bem', message: 'abcd' });
    await user.tab();
    expect(screen.getByText(M.message)).toBeVisible();
    await fill(user, { message: 'abcde' });
    expect(screen.queryByText(M.message)).not.toBeInTheDocument();
  });

  it('RC-03: the link may be empty; 9 characters are refused, 70 accepted', async () => {
    const sent: SentRequest[] = [];
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    await fill(user, {
      artist: 'Djavan',
      song: 'Oceano',
      link: 'x'.repeat(9),
      message: 'Toca essa!',
    });
    await user.click(send());
    expect(screen.getByText(M.musicLink)).toBeVisible();
    expect(link()).toHaveFocus();
    expect(sent).toHaveLength(0);

    const seventy = `https://youtu.be/${'a'.repeat(53)}`;
    await fill(user, { link: seventy });
    expect(screen.queryByText(M.musicLink)).not.toBeInTheDocument();
    await user.click(send());
    await screen.findByTestId('recommend-success');
    expect(sent[0]?.body).toEqual({
      artistName: 'Djavan',
      musicName: 'Oceano',
      musicLink: seventy,
      message: 'Toca essa!',
    });
  });

  it('RC-03: an empty link is sent as null, values trimmed, with the bearer token', async () => {
    const sent: SentRequest[] = [];
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    await fill(user, { artist: '  Djavan ', song: ' Oceano', message: ' Linda demais ' });
    await user.click(send());
    await screen.findByTestId('recommend-success');
    expect(sent).toEqual([
      {
        body: {
          artistName: 'Djavan',
          musicName: 'Oceano',
          musicLink: null,
          message: 'Linda demais',
        },
        authorization: 'Bearer tok',
      },
    ]);
  });

  it('RC-04: an anonymous listener with a valid form gets the message and the login modal', async () => {
    const sent: SentRequest[] = [];
    act(() => setSession(null));
    renderPage({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    await fill(user, { artist: 'Djavan', song: 'Oceano', message: 'Toca essa!' });
    await user.click(send());
    expect(getLoginModalState()).toMatchObject({
      opened: true,
      screen: 'login',
      params: { notice: M.login },
    });
    expect(sent).toHaveLength(0);

    // Closing the modal leaves the message on the page, with a way back to the login.
    act(() => resetLoginModal());
    const gate = await screen.findByTestId('recommend-login');
    expect(within(gate).getByText(M.login)).toBeVisible();
    await user.click(within(gate).getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().opened).toBe(true);

    // Once logged in, the same draft is sent.
    act(() => {
      resetLoginModal();
      setSession({ user: LISTENER, token: 'tok' });
    });
    expect(screen.queryByTestId('recommend-login')).not.toBeInTheDocument();
    await user.click(send());
    await screen.findByTestId('recommend-success');
    expect(sent).toHaveLength(1);
  });

  it('a 401 from the server (session expired) also opens the login modal', async () => {
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage({ [SEND]: refusingEndpoint('unauthorized', 401, 401) });
    const user = userEvent.setup();
    await fill(user, { artist: 'Djavan', song: 'Oceano', message: 'Toca essa!' });
    await user.click(send());
    await waitFor(() => expect(getLoginModalState().params.notice).toBe(M.login));
  });

  it('RC-05: a partly filled form survives a reload', async () => {
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    const first = renderPage();
    const user = userEvent.setup();
    await fill(user, { artist: 'Djavan', song: 'Oceano', message: 'Metade da mens' });
    expect(JSON.parse(window.localStorage.getItem(RECOMMEND_DRAFT_KEY) ?? '{}')).toMatchObject({
      artistName: 'Djavan',
      musicName: 'Oceano',
      message: 'Metade da mens',
    });
    first.unmount();

    renderPage();
    expect(artist()).toHaveValue('Djavan');
    expect(song()).toHaveValue('Oceano');
    expect(message()).toHaveValue('Metade da mens');
    expect(message()).toBeEnabled();
  });

  it("RC-06: success shows the share buttons and 'Enviar outra música', which clears the draft", async () => {
    const sent: SentRequest[] = [];
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    renderPage({ [SEND]: acceptingEndpoint(sent) });
    const user = userEvent.setup();
    await fill(user, { artist: 'Djavan', song: 'Oceano', message: 'Toca essa!' });
    await user.click(send());

    const success = await screen.findByTestId('recommend-success');
    expect(within(success).getByRole('heading', { name: 'Recomendação enviada!' })).toHaveFocus();
    const shares = within(success).getByTestId('share-buttons');
    for (const network of ['Facebook', 'Twitter', 'WhatsApp']) {
      const anchor = within(shares).getByRole('link', { name: `Compartilhar no ${network}` });
      expect(anchor).toHaveAttribute('target', '_blank');
      expect(anchor.getAttribute('href')).toContain(encodeURIComponent('/recomende'));
    }
    // Sent: the draft is gone.
    expect(window.localStorage.getItem(RECOMMEND_DRAFT_KEY)).toBeNull();

    await user.click(within(success).getByRole('button', { name: FORM_TEXTS.recommendAnother }));
    expect(screen.queryByTestId('recommend-success')).not.toBeInTheDocument();
    expect(artist()).toHaveValue('');
    expect(artist()).toHaveFocus();
    expect(song()).toBeDisabled();
    expect(window.localStorage.getItem(RECOMMEND_DRAFT_KEY)).toBeNull();
  });

  it("a refusal shows the server's message; a network failure the communication message (doc2 §8)", async () => {
    act(() => setSession({ user: LISTENER, token: 'tok' }));
    const refusal = 'A sua mensagem deve ter de 5 a 500 caracteres.';
    const view = renderPage({ [SEND]: refusingEndpoint(refusal) });
    const user = userEvent.setup();
    await fill(user, { artist: 'Djavan', song: 'Oceano', message: 'Toca essa!' });
    await user.click(send());
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(screen.queryByTestId('recommend-success')).not.toBeInTheDocument();
    // The draft is kept for another try.
    expect(window.localStorage.getItem(RECOMMEND_DRAFT_KEY)).not.toBeNull();
    view.unmount();

    renderPage({ [SEND]: unreachableEndpoint() });
    await user.click(send());
    expect(await screen.findByText(FORM_TEXTS.communication)).toBeVisible();
    expect(send()).toBeEnabled();
  });
});
