import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/generated/validation-rules';
import { resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, fireEvent, screen, waitFor } from '@/test/render';
import { makeItem, mockCatalogue, ok, STAFF } from './testing/fixtures';
import { renderCatalogue } from './testing/render-catalogue';

/** An XMLHttpRequest stand-in: records what is sent and answers when the test says. */
class FakeRequest {
  static last: FakeRequest | null = null;
  url = '';
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  headers: Record<string, string> = {};
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.sent = body;
    FakeRequest.last = this;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const SPOT = makeItem(5, {
  title: 'Spot de verão',
  values: {
    name: 'Spot de verão',
    audioUrl: '',
    notes: '<p>Tocar <strong>antes</strong> do jornal.</p>',
    video: '',
  },
});

async function openSpot() {
  const api = mockCatalogue({
    'GET backoffice/catalogue/spots/5': ok(SPOT),
    'PUT backoffice/catalogue/spots/5': (call) =>
      ok({ ...SPOT, values: (call.body as { values: Record<string, unknown> }).values }),
  });
  setSession({ user: STAFF });
  renderCatalogue('/a1catalogo/spots/5');
  await screen.findByTestId('catalogue-editor');
  return api;
}

beforeEach(() => {
  resetSession();
  FakeRequest.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  act(() => toast.clear());
  resetSession();
  vi.unstubAllGlobals();
});

describe('the audio, rich text and video fields', () => {
  it('uploads an MP3 with a progress bar, then plays it and saves its address', async () => {
    const api = await openSpot();
    const input = screen.getByTestId('field-audioUrl-input');
    const file = new File(['ID3'], 'verao.mp3', { type: 'audio/mpeg' });
    fireEvent.change(input, { target: { files: [file] } });

    expect(await screen.findByRole('progressbar', { name: 'Enviando áudio…' })).toBeInTheDocument();
    const request = FakeRequest.last;
    if (!request) throw new Error('nothing sent');
    expect(request.url).toBe('/api/v1/backoffice/audio');
    expect(request.sent?.get('file')).toBe(file);
    act(() =>
      request.answer(200, {
        status: 'success',
        message: 'success',
        data: { url: `/media/uploads/audio/${'a'.repeat(32)}.mp3`, seconds: 31 },
      }),
    );
    const player = await screen.findByTestId('field-audioUrl-preview');
    expect(player).toHaveAttribute('src', `/media/uploads/audio/${'a'.repeat(32)}.mp3`);
    expect(screen.getByText('0:31')).toBeInTheDocument();

    // The rich text came in as stored and goes back untouched; a pasted YouTube address becomes
    // its id, with a thumbnail link.
    expect(screen.getByText('antes')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Vídeo' }), {
      target: { value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(screen.getByRole('textbox', { name: 'Vídeo' })).toHaveValue('dQw4w9WgXcQ');
    expect(screen.getByRole('link', { name: 'Abrir o vídeo no YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('PUT', 'backoffice/catalogue/spots/5')).toHaveLength(1));
    expect(api.to('PUT', 'backoffice/catalogue/spots/5')[0]?.body).toEqual({
      values: {
        name: 'Spot de verão',
        audioUrl: `/media/uploads/audio/${'a'.repeat(32)}.mp3`,
        notes: '<p>Tocar <strong>antes</strong> do jornal.</p>',
        video: 'dQw4w9WgXcQ',
      },
    });
  });

  it('refuses a file that is not an MP3 before sending it', async () => {
    await openSpot();
    fireEvent.change(screen.getByTestId('field-audioUrl-input'), {
      target: { files: [new File(['x'], 'spot.wav', { type: 'audio/wav' })] },
    });
    expect(await screen.findByText(messages.AUDIO_TYPE)).toBeInTheDocument();
    expect(FakeRequest.last).toBeNull();
  });

  it("shows the server's refusal of an upload", async () => {
    await openSpot();
    fireEvent.change(screen.getByTestId('field-audioUrl-input'), {
      target: { files: [new File(['x'], 'spot.mp3', { type: 'audio/mpeg' })] },
    });
    await screen.findByRole('progressbar', { name: 'Enviando áudio…' });
    act(() =>
      FakeRequest.last?.answer(400, { status: 400, message: messages.AUDIO_SIZE, data: null }),
    );
    expect(await screen.findByText(messages.AUDIO_SIZE)).toBeInTheDocument();
  });

  it('requires the audio, naming the field', async () => {
    const api = await openSpot();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha o campo Áudio')).toBeInTheDocument();
    expect(api.to('PUT', 'backoffice/catalogue/spots/5')).toHaveLength(0);
  });
});
