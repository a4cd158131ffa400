import { describe, expect, it, vi } from 'vitest';
import { only, resetAroundEachTest } from '@/features/backoffice/testing/setup';
import { messages } from '@/generated/validation-rules';
import { setSession } from '@/lib/session';
import { makeNews } from '@/features/news/testing/fixtures';
import { act, fireEvent, screen, waitFor, within } from '@/test/render';
import {
  JOURNALIST_STAFF,
  makeDraft,
  mockNewsroom,
  ok,
  refuse,
  type Handler,
} from './testing/fixtures';
import { renderNewsroom } from './testing/render-newsroom';

const titleBox = () => screen.getByRole('textbox', { name: 'Título' });

async function openEditor(route: string, handlers: Record<string, Handler> = {}) {
  const api = mockNewsroom(handlers);
  setSession({ user: JOURNALIST_STAFF });
  renderNewsroom(route);
  await screen.findByTestId('news-editor');
  return api;
}

/** Picks `option` in the Mantine Select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

resetAroundEachTest();

describe('the editor', () => {
  it('opens a stored item with its fields, the toolbar and the publishing panel', async () => {
    await openEditor('/a1redacao/9', {
      'backoffice/news/9': ok(
        makeDraft(9, { title: 'Chuva forte em Curitiba', tags: ['MPB', 'Shows'] }),
      ),
    });
    expect(titleBox()).toHaveValue('Chuva forte em Curitiba');
    expect(screen.getByText('23/200')).toBeInTheDocument();
    expect(screen.getByText('O texto da notícia.')).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatação do texto' });
    for (const name of [
      'Negrito',
      'Itálico',
      'Intertítulo',
      'Subintertítulo',
      'Lista com marcadores',
      'Lista numerada',
      'Citação',
      'Link',
      'Inserir imagem',
      'Inserir vídeo do YouTube',
      'Desfazer',
      'Refazer',
    ])
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    const panel = screen.getByTestId('publish-panel');
    expect(within(panel).getByTestId('news-state')).toHaveTextContent('Rascunho');
    expect(within(panel).getByTestId('updated-at')).toHaveTextContent(
      'Atualizada em 21/11/2026 10:00',
    );
    expect(within(panel).getByRole('radio', { name: 'Rascunho' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Editoria' })).toHaveValue('Música'),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Jornalista' })).toHaveValue('Ana Lima'),
    );
  });

  it('shows the rules under the fields and sends nothing while they are broken', async () => {
    const api = await openEditor('/a1redacao/nova');
    fireEvent.change(titleBox(), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Publicar agora' }));
    fireEvent.click(screen.getByRole('switch', { name: /Notícia PRO/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.NEWSROOM_TITLE)).toBeInTheDocument();
    expect(titleBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(messages.NEWSROOM_CATEGORY)).toBeInTheDocument();
    expect(screen.getByText(messages.NEWSROOM_CONTENT)).toBeInTheDocument();
    expect(screen.getByText(messages.NEWSROOM_TEASER)).toBeInTheDocument();
    expect(await screen.findByText('Confira os campos marcados antes de salvar.')).toBeVisible();

    fireEvent.click(screen.getByRole('radio', { name: 'Agendar' }));
    fireEvent.change(screen.getByLabelText(/Data e hora da publicação/), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha a data e a hora da publicação')).toBeInTheDocument();
    expect(screen.getByText('Horário de Brasília (UTC−3), o relógio da rádio.')).toBeVisible();

    // Fixing a field clears its message.
    fireEvent.change(titleBox(), { target: { value: 'Um título certo' } });
    expect(screen.queryByText(messages.NEWSROOM_TITLE)).not.toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });

  it("'Salvar' sends PUT with every field and the loaded version", async () => {
    const saved = makeDraft(9, {
      title: 'Chuva forte em Curitiba',
      version: 8,
      updatedAt: '2026-11-26T08:15:00-03:00',
    });
    const api = await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': ok(makeDraft(9)),
      'PUT backoffice/news/9': ok(saved),
    });
    fireEvent.change(titleBox(), { target: { value: '  Chuva forte em Curitiba ' } });
    expect(screen.getByTestId('unsaved')).toHaveTextContent('Alterações não salvas');
    fireEvent.change(screen.getByRole('textbox', { name: 'Palavra-chave' }), {
      target: { value: 'chuva' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.to('PUT', 'backoffice/news/9')).toHaveLength(1));
    expect(only(api.to('PUT', 'backoffice/news/9')).body).toEqual({
      title: 'Chuva forte em Curitiba',
      titleHome: '',
      subtitle: 'Um subtítulo',
      content: '<p>O texto da notícia.</p>',
      teaser: '',
      categoryId: 4,
      tags: ['MPB'],
      journalistId: 3,
      author: '',
      imageUrl: '',
      imageCaption: '',
      coverVideoYoutubeId: '',
      podcastShowId: null,
      podcastId: '',
      keyword: 'chuva',
      isPro: false,
      isFeatured: false,
      state: 'draft',
      publishAt: null,
      version: 7,
    });
    expect(await screen.findByText('Rascunho salvo')).toBeInTheDocument();
    expect(screen.getByTestId('updated-at')).toHaveTextContent('Atualizada em 26/11/2026 08:15');
    expect(screen.queryByTestId('unsaved')).not.toBeInTheDocument();
  });

  it('Ctrl+S saves; scheduling sends the Brasília time with its offset', async () => {
    const api = await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': ok(makeDraft(9)),
      'PUT backoffice/news/9': ok(
        makeDraft(9, {
          state: 'published',
          shownState: 'scheduled',
          publishAt: '2026-12-01T08:00:00-03:00',
          version: 8,
        }),
      ),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Agendar' }));
    fireEvent.change(screen.getByLabelText(/Data e hora da publicação/), {
      target: { value: '2026-12-01T08:00' },
    });
    fireEvent.keyDown(titleBox(), { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.to('PUT', 'backoffice/news/9')).toHaveLength(1));
    const body = only(api.to('PUT', 'backoffice/news/9')).body as Record<string, unknown>;
    expect(body.state).toBe('published');
    expect(body.publishAt).toBe('2026-12-01T08:00:00-03:00');
    expect(
      await screen.findByText('Publicação agendada para 01/12/2026 08:00'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('publish-panel')).getByTestId('news-state')).toHaveTextContent(
      'Agendada',
    );
  });

  it('a new item is created with POST (no version) and the address becomes its own', async () => {
    const created = makeDraft(31, { title: 'Festival de inverno', categoryId: 2, tags: [] });
    const api = await openEditor('/a1redacao/nova', {
      'POST backoffice/news': ok(created),
      'GET backoffice/news/31': ok(created),
    });
    fireEvent.change(titleBox(), { target: { value: 'Festival de inverno' } });
    await choose('Editoria', 'Economia');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.to('POST', 'backoffice/news')).toHaveLength(1));
    const body = only(api.to('POST', 'backoffice/news')).body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Festival de inverno',
      categoryId: 2,
      content: '',
      state: 'draft',
      publishAt: null,
      version: null,
    });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/a1redacao/31'));
    expect(await screen.findByTestId('news-editor')).toBeInTheDocument();
    expect(titleBox()).toHaveValue('Festival de inverno');
  });

  it('409: a clear alert, and reloading shows the version someone else saved', async () => {
    let version = 7;
    const api = await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': () =>
        ok(makeDraft(9, { version, title: version === 7 ? 'Título antigo' : 'Título do colega' })),
      'PUT backoffice/news/9': refuse(messages.NEWSROOM_STALE, 409),
    });
    fireEvent.change(titleBox(), { target: { value: 'Meu título novo' } });
    version = 8;
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByTestId('stale-alert');
    expect(alert).toHaveTextContent(messages.NEWSROOM_STALE);
    expect(alert).toHaveTextContent('Alguém salvou esta notícia enquanto você editava');
    fireEvent.click(within(alert).getByRole('button', { name: 'Recarregar a notícia' }));
    await waitFor(() => expect(titleBox()).toHaveValue('Título do colega'));
    expect(screen.queryByTestId('stale-alert')).not.toBeInTheDocument();
    expect(api.to('GET', 'backoffice/news/9')).toHaveLength(2);
  });

  it("a 400 with a rule's message goes under its field", async () => {
    await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': ok(makeDraft(9)),
      'PUT backoffice/news/9': refuse(messages.NEWSROOM_JOURNALIST, 400),
    });
    fireEvent.change(titleBox(), { target: { value: 'Outro título qualquer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.NEWSROOM_JOURNALIST)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Jornalista' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it("'Despublicar' saves the item as unpublished", async () => {
    const published = makeDraft(9, {
      state: 'published',
      shownState: 'published',
      publishAt: '2026-11-20T09:30:00-03:00',
    });
    const api = await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': ok(published),
      'PUT backoffice/news/9': ok({
        ...published,
        state: 'unpublished',
        shownState: 'unpublished',
        version: 8,
      }),
    });
    expect(screen.getByRole('radio', { name: 'Publicada' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Ver no site' })).toHaveAttribute(
      'href',
      '/noticias/noticia-9',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Despublicar' }));
    await waitFor(() => expect(api.to('PUT', 'backoffice/news/9')).toHaveLength(1));
    expect(only(api.to('PUT', 'backoffice/news/9')).body).toMatchObject({
      state: 'unpublished',
      publishAt: '2026-11-20T09:30:00-03:00',
      version: 7,
    });
    expect(await screen.findByText('Notícia despublicada')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Despublicada' })).toBeChecked();
    expect(screen.queryByRole('link', { name: 'Ver no site' })).not.toBeInTheDocument();
  });

  it("'Excluir' asks first, then deletes and goes back to the list", async () => {
    const api = await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': ok(makeDraft(9)),
      'DELETE backoffice/news/9': ok(null),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir esta notícia?' });
    expect(api.to('DELETE', 'backoffice/news/9')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.to('DELETE', 'backoffice/news/9')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1redacao$/));
    expect(await screen.findByText(messages.NEWSROOM_DELETED)).toBeInTheDocument();
  });

  it("'Prévia' saves unsaved changes first, then shows the real article with the preview bar", async () => {
    const api = await openEditor('/a1redacao/9', {
      'GET backoffice/news/9': ok(makeDraft(9)),
      'PUT backoffice/news/9': ok(makeDraft(9, { title: 'Título da prévia', version: 8 })),
      'GET backoffice/news/9/preview': ok(
        makeNews(9, { title: 'Título da prévia', content: '<p>Corpo da prévia</p>' }),
      ),
    });
    fireEvent.change(titleBox(), { target: { value: 'Título da prévia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Prévia' }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent('/a1redacao/9/previa'),
    );
    expect(api.to('PUT', 'backoffice/news/9')).toHaveLength(1);
    const bar = await screen.findByTestId('preview-bar');
    expect(bar).toHaveTextContent('Prévia — não publicada');
    expect(bar).toHaveTextContent('Rascunho');
    expect(within(bar).getByRole('link', { name: 'Voltar ao editor' })).toHaveAttribute(
      'href',
      '/a1redacao/9',
    );
    expect(await screen.findByTestId('news-article')).toHaveTextContent('Corpo da prévia');
    // A preview is not a read: no view is counted.
    expect(api.calls.some((call) => call.url.pathname.includes('newsHit'))).toBe(false);
  });

  it('leaving through a link with unsaved changes asks first', async () => {
    await openEditor('/a1redacao/9', { 'GET backoffice/news/9': ok(makeDraft(9)) });
    fireEvent.change(titleBox(), { target: { value: 'Mudança não salva' } });
    fireEvent.click(screen.getByRole('link', { name: 'Redação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    expect(screen.getByTestId('address')).toHaveTextContent('/a1redacao/9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sair sem salvar' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/a1redacao$/));
  });

  it('an unknown item says so', async () => {
    mockNewsroom({ 'backoffice/news/404': refuse('news not found', 404) });
    setSession({ user: JOURNALIST_STAFF });
    renderNewsroom('/a1redacao/404');
    expect(await screen.findByTestId('newsroom-item-not-found')).toHaveTextContent(
      'Esta notícia não existe mais.',
    );
  });
});

/** An XMLHttpRequest stand-in: records the upload and lets the test drive its progress. */
class FakeUpload {
  static last: FakeUpload | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  constructor() {
    FakeUpload.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('the cover picture', () => {
  it('refuses a file of the wrong type before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.last = null;
    await openEditor('/a1redacao/nova');
    const input = screen.getByTestId('cover-input');
    fireEvent.change(input, {
      target: { files: [new File(['oi'], 'nota.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText(messages.IMAGE_TYPE)).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it('uploads with a progress bar, then shows the picture, which can be removed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    await openEditor('/a1redacao/nova');
    fireEvent.change(screen.getByTestId('cover-input'), {
      target: { files: [new File(['png'], 'capa.png', { type: 'image/png' })] },
    });
    const progress = await screen.findByTestId('cover-progress');
    const request = FakeUpload.last;
    if (!request) throw new Error('no upload');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/backoffice/images');
    expect(request.withCredentials).toBe(true);
    expect((request.body?.get('file') as File).name).toBe('capa.png');
    expect(screen.getByText('Enviando imagem…')).toBeInTheDocument();
    act(() => request.progress(50, 100));
    await waitFor(() =>
      expect(progress.querySelector('[role="progressbar"]') ?? progress).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    act(() =>
      request.respond(200, {
        status: 'success',
        message: 'success',
        data: { url: '/media/uploads/abc', width: 1600, height: 900, widths: [320, 640, 1280] },
      }),
    );
    const preview = await screen.findByTestId('cover-preview');
    expect(preview).toHaveAttribute('src', '/media/uploads/abc?w=640');
    expect(screen.getByRole('textbox', { name: 'Legenda da capa' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByTestId('cover-preview')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher imagem' })).toBeInTheDocument();
  });

  it("shows the server's refusal under the field", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    await openEditor('/a1redacao/nova');
    fireEvent.change(screen.getByTestId('cover-input'), {
      target: { files: [new File(['png'], 'mini.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('cover-progress');
    act(() =>
      FakeUpload.last?.respond(400, {
        status: 400,
        message: messages.IMAGE_DIMENSIONS,
        data: null,
      }),
    );
    expect(await screen.findByText(messages.IMAGE_DIMENSIONS)).toBeInTheDocument();
  });
});
