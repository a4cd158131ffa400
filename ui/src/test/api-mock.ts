/**
 * A fetch stand-in answering API paths with envelopes, for component tests. Paths are matched on
 * the URL's pathname; unknown paths answer 404 with an error envelope.
 */
import { vi } from 'vitest';
import type { Affiliate } from '@/generated/Affiliate';
import type { AppParameters } from '@/generated/AppParameters';
import type { NewsCategory } from '@/generated/NewsCategory';
import type { StationInfo } from '@/generated/StationInfo';

export const TEST_STATION: StationInfo = {
  name: 'Rádio Teste FM',
  slug: 'teste',
  mainStreamId: 'teste_1',
  publicUrl: 'https://teste.example',
  commercialUrl: 'https://comercial.teste.example',
  supportPhone: '0800 000 1975',
  supportChatUrl: 'https://chat.teste.example',
  corporatePhone: '(11) 3000-0000',
  social: [
    { network: 'facebook', label: 'Facebook', url: 'https://facebook.com/teste' },
    { network: 'instagram', label: 'Instagram', url: 'https://instagram.com/teste' },
  ],
  apps: [
    { platform: 'android', label: 'Disponível no Google Play', url: 'https://play.example/teste' },
    { platform: 'ios', label: 'Baixar na App Store', url: 'https://apps.example/teste' },
  ],
};

export const TEST_APP_PARAMETERS: AppParameters = {
  logo: { url: '/media/logo.svg', alt: 'Rádio Teste FM' },
  headerBar: {
    text: 'Ouça a Rádio Teste ao vivo!',
    title: 'Rádio Teste ao vivo',
    link: '/ouvir-radio-online',
    gradientFrom: '#ff5f1f',
    gradientTo: '#c2185b',
  },
  maintenance: false,
  preroll: { adManagerUrl: '', targetingUrl: '' },
  enabledTests: [],
  campaignStreams: {},
};

export const TEST_CATEGORIES: NewsCategory[] = [
  ['carros', 'Carros'],
  ['economia', 'Economia'],
  ['mundo', 'Mundo'],
  ['musica', 'Música'],
  ['politica', 'Politica'],
  ['saude', 'Saúde'],
  ['tecnologia', 'Tecnologia'],
  ['cotidiano', 'Cotidiano'],
  ['cinema', 'Cinema'],
  ['moda', 'Moda'],
  ['gastronomia', 'Gastronomia'],
  ['viagem', 'Viagem'],
  ['podcast', 'Podcast'],
  ['outros', 'Outros'],
].map(([slug = '', name = ''], index) => ({ id: index + 1, slug, name }));

export const TEST_AFFILIATES: Affiliate[] = [
  {
    id: 1,
    sid: 'cwb',
    filial: 'Rádio Teste Curitiba - 98,9',
    city: 'Curitiba',
    state: 'PR',
    enderecoRua: 'Rua A, 1',
    enderecoCEP: 'Curitiba/PR - 80000-000',
    email: 'cwb@teste.example',
    telefone: '(41) 3000-0000',
    streamUrl: '',
  },
  {
    id: 2,
    sid: 'sp',
    filial: 'Rádio Teste São Paulo - 101,7',
    city: 'São Paulo',
    state: 'SP',
    enderecoRua: 'Av. B, 2',
    enderecoCEP: 'São Paulo/SP - 01000-000',
    email: 'sp@teste.example',
    telefone: '(11) 3000-0000',
    streamUrl: '',
  },
  {
    id: 3,
    sid: 'cps',
    filial: 'Rádio Teste Campinas - 99,1',
    city: 'Campinas',
    state: 'SP',
    enderecoRua: 'Rua C, 3',
    enderecoCEP: 'Campinas/SP - 13000-000',
    email: 'cps@teste.example',
    telefone: '(19) 3000-0000',
    streamUrl: '',
  },
];

export type ApiHandlers = Record<string, unknown>;

/**
 * A handler answering with a raw response instead of an envelope (VAST XML, errors with a status):
 * `{'/api/v1/ads/vast': rawReply(() => xmlResponse(text))}`. Receives the URL and the request.
 */
export class RawReply {
  constructor(readonly respond: (url: URL, init?: RequestInit) => Response | Promise<Response>) {}
}

export function rawReply(respond: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  return new RawReply(respond);
}

export function xmlResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'application/xml' } });
}

/** An error envelope with its HTTP status (401 for a protected call without a session). */
export function errorReply(
  status: number,
  message: string,
  envelopeStatus: number | string = status,
) {
  return new RawReply(() => json(status, { status: envelopeStatus, message, data: null }));
}

export const DEFAULT_API: ApiHandlers = {
  '/api/v1/getAppParameters': TEST_APP_PARAMETERS,
  '/api/v1/station': TEST_STATION,
  '/api/v1/news/getCategories': TEST_CATEGORIES,
  '/api/v1/getAffiliatesData': TEST_AFFILIATES,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Installs a fetch mock answering `handlers` (merged over the defaults); returns the mock. */
export function mockApi(handlers: ApiHandlers = {}) {
  const all = { ...DEFAULT_API, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    if (Object.hasOwn(all, url.pathname)) {
      const data = all[url.pathname];
      if (data instanceof RawReply) return data.respond(url, init);
      if (data instanceof Error)
        return json(500, { status: 500, message: data.message, data: null });
      return json(200, { status: 'success', message: 'success', data });
    }
    return json(404, { status: 404, message: 'not found', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch mock where every call fails like an unreachable server. */
export function mockApiDown() {
  const fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
