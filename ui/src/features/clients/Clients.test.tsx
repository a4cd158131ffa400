import { describe, expect, it, vi } from 'vitest';
import type { Client } from '@/generated/Client';
import type { Spot } from '@/generated/Spot';
import type { PlayerMachine, PlayerSnapshot } from '@/features/player/player-machine';
import { clearTrackedEvents, trackedEvents } from '@/lib/analytics';
import { errorReply, mockApi } from '@/test/api-mock';
import { render, renderRoute, screen, userEvent, within } from '@/test/render';
import {
  CLIENT_NOT_FOUND_HINT,
  CLIENT_NOT_FOUND_TEXT,
  DEFAULT_CLIENT_IMAGE,
  NO_AUDIO_TITLE,
  SPOT_NOT_FOUND_TEXT,
  cutDescription,
  segmentOf,
} from './clients';
import { ClientsPage } from './ClientsPage';
import { toggleSpot } from './spot-playback';

function spot(slug: string, audio: boolean): Spot {
  return {
    name: `Spot ${slug}`,
    slug,
    audioFile: audio ? `/media/audio/spots/${slug}.mp3` : null,
    imageFile: null,
    transcript: `<p><strong>Locutor:</strong> texto ${slug}</p>`,
    link: '',
    clientName: 'Auto Center Teste',
    clientSlug: 'auto-center-teste',
    clientImageFile: null,
    clientLink: 'https://auto.example',
  };
}

const LONG = 'x'.repeat(100);

const CLIENTS: Client[] = [
  {
    name: 'Auto Center Teste',
    slug: 'auto-center-teste',
    shortDescription: LONG,
    description: '<p>Descrição <strong>HTML</strong></p>',
    imageFile: null,
    link: 'https://auto.example',
    segment: 'Automotivo',
    locations: ['São Paulo/SP', 'Campinas/SP'],
    numSpots: 2,
    spots: [spot('a', true), spot('b', false)],
  },
  {
    name: 'Escritório Lima',
    slug: 'escritorio-lima',
    shortDescription: 'Contabilidade.',
    description: '<p>Lima</p>',
    imageFile: '/media/img/client/lima.svg',
    link: '',
    segment: '',
    locations: [],
    numSpots: 0,
    spots: [],
  },
];

describe('clients list (CL-01)', () => {
  it('groups by segment, cuts at 80 characters, counts locations and spots, links Saiba mais', async () => {
    const pizzaria = { ...CLIENTS[1], name: 'Pizzaria Bella', slug: 'pizzaria-bella' } as Client;
    mockApi({
      '/api/v1/getClientsData': { clientsData: [...CLIENTS, pizzaria], allLocations: [] },
    });
    render(<ClientsPage />);
    expect(await screen.findByRole('region', { name: 'Automotivo' })).toBeDefined();
    const auto = screen.getByRole('region', { name: 'Automotivo' });
    expect(within(auto).getByText('Auto Center Teste')).toBeInTheDocument();
    expect(within(auto).getByText(`${'x'.repeat(80)}...`)).toBeInTheDocument();
    expect(within(auto).getByText('2 praças')).toBeInTheDocument();
    expect(within(auto).getByText('2 spots')).toBeInTheDocument();
    expect(within(auto).getByRole('link', { name: 'Saiba mais' })).toHaveAttribute(
      'href',
      '/clientes/auto-center-teste',
    );
    expect(within(auto).getByRole('img')).toHaveAttribute('src', DEFAULT_CLIENT_IMAGE);
    // A client that fits no rule is under Serviços, with 'Sem praça'.
    // A multi-word segment names its region too (G45 fallback from the name).
    const food = screen.getByRole('region', { name: 'Alimentos e Bebidas' });
    expect(within(food).getByText('Pizzaria Bella')).toBeInTheDocument();
    const services = screen.getByRole('region', { name: 'Serviços' });
    expect(within(services).getByText('Escritório Lima')).toBeInTheDocument();
    expect(within(services).getByText('Sem praça')).toBeInTheDocument();
  });

  it('G45 keyword map and the 80-character cut', () => {
    expect(segmentOf({ name: 'Pizzaria Bella', segment: '' })).toBe('Alimentos e Bebidas');
    expect(segmentOf({ name: 'Farmácia Vida', segment: 'x' })).toBe('Estabelecimentos');
    expect(segmentOf({ name: 'Hotel Sol', segment: '' })).toBe('Turismo');
    expect(segmentOf({ name: 'Cinema Paradiso', segment: '' })).toBe('Cultura e Entretenimento');
    expect(segmentOf({ name: 'Veículos Rumo', segment: '' })).toBe('Automotivo');
    expect(segmentOf({ name: 'Qualquer', segment: 'Turismo' })).toBe('Turismo');
    expect(segmentOf({ name: 'Advocacia', segment: '' })).toBe('Serviços');
    expect(cutDescription('curta')).toBe('curta');
    expect(cutDescription('y'.repeat(80))).toBe('y'.repeat(80));
  });
});

describe('client page', () => {
  it('CL-03/CL-04: logo default, name, HTML description, Praças, spots with play and Transcrito', async () => {
    mockApi({ '/api/v1/getClientsSingleData/auto-center-teste': CLIENTS[0] });
    renderRoute('/clientes/auto-center-teste');
    expect(
      await screen.findByRole('heading', { name: 'Auto Center Teste', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Auto Center Teste' })).toHaveAttribute(
      'src',
      DEFAULT_CLIENT_IMAGE,
    );
    expect(screen.getByTestId('client-description').innerHTML).toBe(
      '<p>Descrição <strong>HTML</strong></p>',
    );
    expect(screen.getByRole('heading', { name: 'Praças' })).toBeInTheDocument();
    expect(screen.getByText('Campinas/SP')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tocar Spot a' })).toBeEnabled();
    const noAudio = screen.getByRole('button', { name: NO_AUDIO_TITLE });
    expect(noAudio).toBeDisabled();
    expect(noAudio).toHaveAttribute('title', NO_AUDIO_TITLE);
    expect(screen.getAllByRole('button', { name: 'Transcrito' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Anuncie na rádio' })).toHaveAttribute(
      'href',
      'https://comercial.teste.example',
    );
  });

  it('CL-06: Transcrito opens the spot modal; a missing spot shows Spot não encontrado', async () => {
    mockApi({
      '/api/v1/getClientsSingleData/auto-center-teste': CLIENTS[0],
      '/api/v1/getSpotData/a': spot('a', true),
      '/api/v1/getSpotData/b': errorReply(404, 'spot not found'),
    });
    const { router } = renderRoute('/clientes/auto-center-teste');
    const buttons = await screen.findAllByRole('button', { name: 'Transcrito' });
    const [first] = buttons;
    if (!first) throw new Error('no Transcrito button');
    await userEvent.click(first);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Spot a')).toBeInTheDocument();
    expect(within(dialog).getByText('Auto Center Teste')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Spot a' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('spot-transcript').innerHTML).toContain(
      '<strong>Locutor:</strong>',
    );
    expect(router.state.location.search).toBe('?spot=a');
  });

  it('CL-06: the modal opens from ?spot= on any page; a missing spot shows Spot não encontrado', async () => {
    mockApi({
      '/api/v1/getClientsData': { clientsData: CLIENTS, allLocations: [] },
      '/api/v1/getSpotData/b': errorReply(404, 'spot not found'),
    });
    renderRoute('/clientes?spot=b');
    expect(await screen.findByText(SPOT_NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it("the spot modal is the layout's: ?spot= opens it on a page outside /clientes, closing keeps the page", async () => {
    mockApi({ '/api/v1/getSpotData/a': spot('a', true) });
    const { router } = renderRoute('/quem-somos?spot=a');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Spot a')).toBeInTheDocument();
    expect(within(dialog).getByTestId('spot-transcript').innerHTML).toContain(
      '<strong>Locutor:</strong>',
    );
    // One modal, mounted once by the layout.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/quem-somos');
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/quem-somos');
    await vi.waitFor(() => expect(screen.queryByText('Spot a')).not.toBeInTheDocument());
  });

  it('CL-07: an unknown client shows the not-found texts and a link to /clientes', async () => {
    mockApi({ '/api/v1/getClientsSingleData/nada': errorReply(404, 'client not found') });
    renderRoute('/clientes/nada');
    expect(await screen.findByText(CLIENT_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByText(CLIENT_NOT_FOUND_HINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos os clientes' })).toHaveAttribute(
      'href',
      '/clientes',
    );
  });

  it('CL-08: entering /clientes/{slug}#Spots does not scroll to the top', async () => {
    mockApi({ '/api/v1/getClientsSingleData/auto-center-teste': CLIENTS[0] });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderRoute('/clientes');
    scrollTo.mockClear();
    await router.navigate('/clientes/auto-center-teste#Spots');
    await screen.findByRole('heading', { name: 'Praças' }, { timeout: 8000 });
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
    expect(scrollTo).not.toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});

describe('spot playback (CL-05)', () => {
  function snapshot(partial: Partial<PlayerSnapshot>): PlayerSnapshot {
    return {
      isLive: true,
      queue: null,
      shouldBePlaying: false,
      status: 'paused',
      ...partial,
    } as PlayerSnapshot;
  }
  const machine = () =>
    ({ pause: vi.fn(), resumeQueue: vi.fn(), playQueue: vi.fn() }) as unknown as PlayerMachine & {
      pause: ReturnType<typeof vi.fn>;
      resumeQueue: ReturnType<typeof vi.fn>;
      playQueue: ReturnType<typeof vi.fn>;
    };
  const A = spot('a', true);
  const B = spot('c', true);
  const queueOfA = { items: [{ id: 'spot:a', src: 'x', title: 'A' }], index: 0 };

  it('A playing → pause; A paused → resume; B → B starts with artist and cover', () => {
    const m = machine();
    toggleSpot(
      m,
      snapshot({ isLive: 'otherMedia', queue: queueOfA, shouldBePlaying: true, status: 'playing' }),
      A,
    );
    expect(m.pause).toHaveBeenCalledOnce();
    toggleSpot(
      m,
      snapshot({ isLive: 'otherMedia', queue: queueOfA, shouldBePlaying: false, status: 'paused' }),
      A,
    );
    expect(m.resumeQueue).toHaveBeenCalledOnce();
    toggleSpot(
      m,
      snapshot({ isLive: 'otherMedia', queue: queueOfA, shouldBePlaying: true, status: 'playing' }),
      B,
    );
    expect(m.playQueue).toHaveBeenCalledWith([
      expect.objectContaining({
        id: 'spot:c',
        src: B.audioFile,
        title: B.name,
        artist: 'Auto Center Teste',
      }),
    ]);
  });
});

// Last: it starts a spot in the page's player, which outlives one test's render.
describe('clients analytics', () => {
  it('G58: the directory and its spots send analytics events under Clients and Spots', async () => {
    clearTrackedEvents();
    mockApi({
      '/api/v1/getClientsData': { clientsData: CLIENTS, allLocations: [] },
      '/api/v1/getClientsSingleData/auto-center-teste': CLIENTS[0],
      '/api/v1/getSpotData/a': spot('a', true),
    });
    renderRoute('/clientes');
    const [saibaMais] = await screen.findAllByRole('link', { name: 'Saiba mais' });
    if (!saibaMais) throw new Error('no Saiba mais link');
    await userEvent.click(saibaMais);
    const [transcript] = await screen.findAllByRole('button', { name: 'Transcrito' });
    if (!transcript) throw new Error('no Transcrito button');
    await userEvent.click(transcript);
    await userEvent.click(screen.getByRole('button', { name: 'Tocar Spot a' }));
    const events = trackedEvents().map(({ category, action, label }) => [category, action, label]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['Clients', 'saiba-mais', 'auto-center-teste'],
        ['Spots', 'transcript', 'a'],
        ['Spots', 'play', 'a'],
      ]),
    );
  });
});
