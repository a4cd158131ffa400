import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Poll } from '@/generated/Poll';
import type { PollVote } from '@/generated/PollVote';
import { errorReply, mockApi, mockApiDown, rawReply } from '@/test/api-mock';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { resetSession, setSession } from '@/lib/session';
import { PollBox } from './PollBox';
import { percentages } from './results';

const GET = '/api/v1/poll/get';
const VOTE = '/api/v1/poll/vote';

const poll = (votedAnswerId: number | null = null, extra = 0): Poll => ({
  pollId: 7,
  title: 'Qual estilo você mais quer ouvir na programação de sábado?',
  respostas: [
    { id: 71, resposta: 'Clássicos dos anos 80', qtd: 50 + (votedAnswerId === 71 ? extra : 0) },
    { id: 72, resposta: 'MPB', qtd: 30 + (votedAnswerId === 72 ? extra : 0) },
    { id: 73, resposta: 'Pop internacional atual', qtd: 20 + (votedAnswerId === 73 ? extra : 0) },
  ],
  votedAnswerId,
});

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ status: 'success', message: 'success', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  // The start-up session check has settled: an anonymous visitor.
  setSession(null);
});

afterEach(() => {
  resetSession();
});

const shares = () =>
  screen.getAllByTestId('poll-result').map((row) => ({
    id: Number(row.getAttribute('data-answer-id')),
    share: within(row).getByTestId('poll-share').textContent,
    mine: row.hasAttribute('data-mine'),
  }));

describe('home poll (G34, HW-05)', () => {
  it('the listener picks an answer and votes; the results show in percentages with the choice marked', async () => {
    let sent: { body: PollVote; credentials?: RequestCredentials } | null = null;
    const fetchMock = mockApi({
      [GET]: poll(),
      [VOTE]: rawReply((_url, init) => {
        sent = { body: JSON.parse(String(init?.body)) as PollVote, credentials: init?.credentials };
        return envelope(poll(72, 1));
      }),
    });
    render(<PollBox />);
    expect(
      await screen.findByRole('heading', {
        name: 'Qual estilo você mais quer ouvir na programação de sábado?',
      }),
    ).toBeInTheDocument();
    const vote = screen.getByRole('button', { name: 'Votar' });
    expect(vote).toBeDisabled();
    expect(screen.queryByTestId('poll-results')).not.toBeInTheDocument();
    // Reading the poll sets no cookie: the browser hash waits for consent or a vote (LGPD).
    expect(document.cookie).not.toMatch(/a1_browserHash/);

    await userEvent.click(screen.getByRole('radio', { name: 'MPB' }));
    expect(vote).toBeEnabled();
    await userEvent.click(vote);

    const results = await screen.findByTestId('poll-results');
    expect(sent).toEqual({ body: { pollId: 7, answerId: 72 }, credentials: 'include' });
    // The vote created the browser hash, which identifies a visitor without an account.
    expect(document.cookie).toMatch(/a1_browserHash=[0-9a-f]{32}/);
    // 50, 31 and 20 of 101 votes: 49.50, 30.69, 19.80 → 49, 31, 20 (the largest remainders
    // round up, so the whole numbers add up to 100).
    expect(shares()).toEqual([
      { id: 71, share: '49%', mine: false },
      { id: 72, share: '31%', mine: true },
      { id: 73, share: '20%', mine: false },
    ]);
    expect(within(results).getByText('Seu voto')).toBeInTheDocument();
    expect(screen.getByTestId('poll-total')).toHaveTextContent('101 votos');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Seu voto foi registrado com sucesso. Obrigado!',
    );
    expect(screen.queryByRole('button', { name: 'Votar' })).not.toBeInTheDocument();
    await waitFor(() => expect(results).toHaveFocus());
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith(GET))).toHaveLength(1);
  });

  it('a listener who voted before sees the results at once (votedAnswerId)', async () => {
    mockApi({ [GET]: poll(71) });
    render(<PollBox />);
    await screen.findByTestId('poll-results');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(shares().find((row) => row.mine)?.id).toBe(71);
  });

  it("a refused vote shows the server's message and the poll is read again", async () => {
    let voted = false;
    const fetchMock = mockApi({
      [GET]: { toJSON: () => poll(voted ? 73 : null) },
      [VOTE]: rawReply(() => {
        voted = true;
        return new Response(
          JSON.stringify({ status: 'error', message: 'Seu voto já foi registrado', data: null }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    });
    render(<PollBox />);
    await userEvent.click(await screen.findByRole('radio', { name: 'MPB' }));
    await userEvent.click(screen.getByRole('button', { name: 'Votar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Seu voto já foi registrado');
    // Voted from elsewhere before: the poll read again shows that vote.
    await screen.findByTestId('poll-results');
    expect(shares().find((row) => row.mine)?.id).toBe(73);
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith(GET))).toHaveLength(2);
  });

  it('a vote that cannot reach the server says so and keeps the choice', async () => {
    mockApi({ [GET]: poll() });
    render(<PollBox />);
    await userEvent.click(await screen.findByRole('radio', { name: 'MPB' }));
    mockApiDown();
    await userEvent.click(screen.getByRole('button', { name: 'Votar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problema na comunicação com servidor, por favor tente novamente em alguns instantes',
    );
    expect(screen.getByRole('radio', { name: 'MPB' })).toBeChecked();
  });

  it.each([
    ['a server failure', errorReply(500, 'internal error')],
    ['too many votes', errorReply(429, 'too many requests')],
  ])('%s shows the unexpected-error text', async (_case, reply) => {
    mockApi({ [GET]: poll(), [VOTE]: reply });
    render(<PollBox />);
    await userEvent.click(await screen.findByRole('radio', { name: 'MPB' }));
    await userEvent.click(screen.getByRole('button', { name: 'Votar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro inesperado :( Tente novamente mais tarde.',
    );
  });

  it("a closed poll: the server's text", async () => {
    mockApi({ [GET]: poll(), [VOTE]: errorReply(400, 'Esta enquete já foi encerrada.', 'error') });
    render(<PollBox />);
    await userEvent.click(await screen.findByRole('radio', { name: 'MPB' }));
    await userEvent.click(screen.getByRole('button', { name: 'Votar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta enquete já foi encerrada.');
  });

  it('the answers are radio buttons: arrow keys move the choice, Enter votes', async () => {
    mockApi({ [GET]: poll(), [VOTE]: poll(72, 1) });
    render(<PollBox />);
    const first = await screen.findByRole('radio', { name: 'Clássicos dos anos 80' });
    await userEvent.click(first);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'MPB' })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await screen.findByTestId('poll-results');
  });

  it('no active poll: no box', async () => {
    const fetchMock = mockApi({ [GET]: errorReply(404, 'no poll') });
    render(<PollBox />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('poll-box')).not.toBeInTheDocument());
  });

  it('waits for the start-up session check before asking whose vote it is', async () => {
    resetSession();
    const fetchMock = mockApi({ [GET]: poll() });
    render(<PollBox />);
    expect(screen.getByTestId('poll-loading')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('percentages', () => {
  it('whole numbers that add up to 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([1342, 987, 764, 512, 1108])).toEqual([28, 21, 16, 11, 24]);
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([5])).toEqual([100]);
  });
});
