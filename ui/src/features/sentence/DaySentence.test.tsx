import { describe, expect, it } from 'vitest';
import { errorReply, mockApi } from '@/test/api-mock';
import { render, screen, waitFor } from '@/test/render';
import { DaySentence } from './DaySentence';

const SENTENCE = '/api/v1/getDaysSentence';

describe('sentence of the day (G34, HW-05)', () => {
  it("shows the day's sentence with its author apart", async () => {
    mockApi({ [SENTENCE]: 'Sem música, a vida seria um erro. — Friedrich Nietzsche' });
    render(<DaySentence />);
    expect(await screen.findByTestId('day-sentence-text')).toHaveTextContent(
      /^Sem música, a vida seria um erro\.$/,
    );
    expect(screen.getByTestId('day-sentence-author')).toHaveTextContent('Friedrich Nietzsche');
    expect(screen.getByRole('region', { name: 'Frase do dia' })).toBeInTheDocument();
  });

  it('a sentence without an author is shown whole', async () => {
    mockApi({ [SENTENCE]: 'Quem canta seus males espanta.' });
    render(<DaySentence />);
    expect(await screen.findByTestId('day-sentence-text')).toHaveTextContent(
      'Quem canta seus males espanta.',
    );
    expect(screen.queryByTestId('day-sentence-author')).not.toBeInTheDocument();
  });

  it('no sentence stored: no band', async () => {
    const fetchMock = mockApi({ [SENTENCE]: errorReply(404, 'no sentence') });
    render(<DaySentence />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('day-sentence')).not.toBeInTheDocument());
  });
});
