/** Stream list rules, the three refusals, popup and Dolby Atmos streams (doc1 §4, G07, G37, S05). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_WATCH_MS, STREAM_RESELECT_DELAY_MS } from '@/lib/constants';
import { PLAYER_TEXT } from './messages';
import {
  checkAccess,
  defaultStream,
  isSafariLike,
  playableSources,
  withCacheBuster,
} from './stream-rules';
import {
  DOLBY_STREAM,
  LOGGED_IN_STREAMS,
  MAIN,
  MAIN_STREAM,
  POPUP_STREAM,
  PRO_STREAM,
  PRO_USER_STREAMS,
  PUBLIC_STREAMS,
  SEMI_STREAM,
  withSources,
} from './testing/fixtures';
import { CHROME_UA, SAFARI_UA, setupMachine } from './testing/machine-setup';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T13:00:00Z') });
});

describe('stream rules', () => {
  it('semiPro needs a login, pro needs PRO; unknown while the session is unknown', () => {
    const anonymous = { loggedIn: false, isPro: false };
    const user = { loggedIn: true, isPro: false };
    const pro = { loggedIn: true, isPro: true };
    expect(checkAccess(MAIN_STREAM, anonymous)).toBe('ok');
    expect(checkAccess(SEMI_STREAM, anonymous)).toBe('login-required');
    expect(checkAccess(PRO_STREAM, anonymous)).toBe('login-required');
    expect(checkAccess(SEMI_STREAM, user)).toBe('ok');
    expect(checkAccess(PRO_STREAM, user)).toBe('pro-required');
    expect(checkAccess(PRO_STREAM, pro)).toBe('ok');
    expect(checkAccess(SEMI_STREAM, { loggedIn: null, isPro: null })).toBe('unknown');
  });

  it('the default is the first stream neither pro nor semiPro', () => {
    expect(defaultStream([PRO_STREAM, SEMI_STREAM, MAIN_STREAM])?.streamId).toBe(MAIN);
    expect(defaultStream([POPUP_STREAM, DOLBY_STREAM, MAIN_STREAM])?.streamId).toBe(MAIN);
    expect(defaultStream([PRO_STREAM])).toBeNull();
  });

  it('sources keep the server order, filtered by what the engine can play', () => {
    const chromeLike = (type: string) => type === 'audio/aac' || type === 'audio/mpeg';
    expect(playableSources(MAIN_STREAM, chromeLike).map((source) => source.codec)).toEqual([
      'AAC-HE',
      'MP3',
    ]);
    expect(playableSources(MAIN_STREAM, () => false)).toHaveLength(3);
  });

  it('Safari-like browsers only', () => {
    expect(isSafariLike(SAFARI_UA)).toBe(true);
    expect(isSafariLike(CHROME_UA)).toBe(false);
    expect(
      isSafariLike(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(
      isSafariLike(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Safari/537.36',
      ),
    ).toBe(false);
  });

  it('the cache-buster makes every start a new URL', () => {
    expect(withCacheBuster('/stream/a.mp3', 5)).toBe('/stream/a.mp3?_=5');
    expect(withCacheBuster('https://x.example/a?x=1', 6)).toBe('https://x.example/a?x=1&_=6');
  });
});

describe('selection when the list arrives', () => {
  it('picks the first stream neither pro nor semiPro; nothing is saved', () => {
    const { machine, storage, selected } = setupMachine();
    expect(machine.getSnapshot().streamId).toBe(MAIN);
    expect(storage.read('streamId')).toBeNull();
    expect(selected).toEqual([{ streamId: MAIN, chosen: false }]);
  });

  it('restores the saved stream when it is allowed', () => {
    const { machine } = setupMachine({
      saved: SEMI_STREAM.streamId,
      access: { loggedIn: true, isPro: false },
      streams: LOGGED_IN_STREAMS,
    });
    expect(machine.getSnapshot().streamId).toBe(SEMI_STREAM.streamId);
  });

  it('an unknown saved id is cleared and the default selected (PL-09)', () => {
    const { machine, storage } = setupMachine({ saved: 'nao_existe' });
    expect(storage.read('streamId')).toBeNull();
    expect(machine.getSnapshot().streamId).toBe(MAIN);
  });

  it('keeps the current stream when it is still in a new list', () => {
    const { machine } = setupMachine({ access: { loggedIn: true, isPro: false } });
    machine.chooseStream(SEMI_STREAM.streamId, { play: false });
    machine.setStreams(LOGGED_IN_STREAMS);
    expect(machine.getSnapshot().streamId).toBe(SEMI_STREAM.streamId);
    machine.setStreams([MAIN_STREAM]);
    expect(machine.getSnapshot().streamId).toBe(MAIN);
  });

  it('re-selects 200 ms after the PRO list loads: a saved pro stream comes back', () => {
    const { machine } = setupMachine({
      saved: PRO_STREAM.streamId,
      access: { loggedIn: null, isPro: null },
    });
    // Session unknown: the default meanwhile, the saved choice kept.
    expect(machine.getSnapshot().streamId).toBe(MAIN);
    machine.setAccess({ loggedIn: true, isPro: true });
    machine.setProStreams(PRO_USER_STREAMS);
    vi.advanceTimersByTime(STREAM_RESELECT_DELAY_MS - 1);
    expect(machine.getSnapshot().stream?.sources).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(machine.getSnapshot().streamId).toBe(PRO_STREAM.streamId);
    expect(machine.getSnapshot().stream?.sources).toHaveLength(1);
  });

  it('a semiPro stream chosen before its sources arrived starts once the PRO list is in', () => {
    const { machine, engine } = setupMachine({ access: { loggedIn: true, isPro: false } });
    machine.chooseStream(SEMI_STREAM.streamId);
    expect(machine.getSnapshot()).toMatchObject({ status: 'loading', src: null });
    expect(engine.loads).toHaveLength(0);
    machine.setProStreams(LOGGED_IN_STREAMS);
    vi.advanceTimersByTime(STREAM_RESELECT_DELAY_MS);
    expect(engine.loadedPath).toBe(`/stream/${SEMI_STREAM.streamId}.mp3`);
  });

  it('after a logout a semiPro stream falls back to the default and keeps playing', () => {
    const { machine, engine } = setupMachine({
      access: { loggedIn: true, isPro: false },
      streams: LOGGED_IN_STREAMS,
    });
    machine.chooseStream(SEMI_STREAM.streamId);
    engine.started();
    machine.setAccess({ loggedIn: false, isPro: false });
    machine.setStreams(PUBLIC_STREAMS);
    expect(machine.getSnapshot().streamId).toBe(MAIN);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(machine.getSnapshot().shouldBePlaying).toBe(true);
  });
});

describe('a listener choice', () => {
  it('is saved under streamId and reported for a now-playing fetch (PL-08)', () => {
    const { machine, storage, selected, engine } = setupMachine({
      access: { loggedIn: true, isPro: false },
      streams: LOGGED_IN_STREAMS,
    });
    expect(machine.chooseStream(SEMI_STREAM.streamId)).toBe('selected');
    expect(storage.read('streamId')).toBe(SEMI_STREAM.streamId);
    expect(selected.at(-1)).toEqual({ streamId: SEMI_STREAM.streamId, chosen: true });
    expect(engine.loadedPath).toBe(`/stream/${SEMI_STREAM.streamId}.mp3`);
    // Choosing the stream already playing reports it again without restarting it.
    engine.started();
    machine.chooseStream(SEMI_STREAM.streamId);
    expect(selected.at(-1)).toEqual({ streamId: SEMI_STREAM.streamId, chosen: true });
    expect(engine.loads).toHaveLength(1);
  });

  it('switching streams while playing continues on the new one', () => {
    const { machine, engine } = setupMachine({
      access: { loggedIn: true, isPro: false },
      streams: LOGGED_IN_STREAMS,
    });
    machine.playLive();
    engine.started();
    machine.chooseStream(SEMI_STREAM.streamId, { play: false });
    expect(engine.loadedPath).toBe(`/stream/${SEMI_STREAM.streamId}.mp3`);
  });

  it('refusal 1: an unknown id clears the saved choice', () => {
    const { machine, storage } = setupMachine();
    machine.chooseStream(MAIN);
    expect(storage.read('streamId')).toBe(MAIN);
    expect(machine.chooseStream('nao_existe')).toBe('unknown');
    expect(storage.read('streamId')).toBeNull();
    expect(machine.getSnapshot().streamId).toBe(MAIN);
  });

  it('refusal 2: semiPro or pro without login asks for the login', () => {
    const { machine, messages, engine } = setupMachine();
    expect(machine.chooseStream(SEMI_STREAM.streamId)).toBe('login-required');
    expect(machine.chooseStream(PRO_STREAM.streamId)).toBe('login-required');
    expect(messages).toEqual([{ kind: 'login-required' }, { kind: 'login-required' }]);
    expect(machine.getSnapshot().streamId).toBe(MAIN);
    expect(engine.loads).toHaveLength(0);
    expect(PLAYER_TEXT.loginRequired).toBe(
      'É necessário estar logado para acessar esse streaming.',
    );
  });

  it('refusal 3: pro for a non-PRO listener shows the PRO notice', () => {
    const { machine, messages } = setupMachine({ access: { loggedIn: true, isPro: false } });
    expect(machine.chooseStream(PRO_STREAM.streamId)).toBe('pro-required');
    expect(messages).toEqual([{ kind: 'pro-required' }]);
    expect(machine.getSnapshot().notice).toEqual({
      kind: 'pro-required',
      text: 'É necessário ser um usuário PRO pra acessar esse stream.',
    });
    machine.dismissNotice();
    expect(machine.getSnapshot().notice).toBeNull();
  });

  it('a PRO listener plays a pro stream', () => {
    const { machine, engine } = setupMachine({
      access: { loggedIn: true, isPro: true },
      streams: PRO_USER_STREAMS,
    });
    expect(machine.chooseStream(PRO_STREAM.streamId)).toBe('selected');
    expect(engine.loadedPath).toBe(`/stream/${PRO_STREAM.streamId}.mp3`);
  });
});

describe('popup streams', () => {
  it('a blocked popup shows the pop-up message (PL-10)', () => {
    const openWindow = vi.fn(() => null);
    const { machine, messages } = setupMachine({ openWindow });
    expect(machine.chooseStream(POPUP_STREAM.streamId)).toBe('popup-blocked');
    expect(openWindow).toHaveBeenCalledWith(
      'https://festival.example/player',
      'festival',
      'width=420,height=680',
    );
    expect(messages).toEqual([{ kind: 'popup-blocked' }]);
    expect(PLAYER_TEXT.popupBlocked).toBe(
      'Para acessar esse streaming, é necessário habilitar os pop-ups.',
    );
  });

  it("a channel's window opens only a path of the site or an https address", () => {
    for (const popupUrl of [
      'javascript:alert(document.domain)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/player',
      'http://evil.example/player',
      '',
    ]) {
      const openWindow = vi.fn(() => ({ closed: false }));
      const streams = PUBLIC_STREAMS.map((item) => (item.isPopup ? { ...item, popupUrl } : item));
      const { machine } = setupMachine({ openWindow, streams });
      expect(machine.chooseStream(POPUP_STREAM.streamId)).toBe('popup');
      expect(openWindow, popupUrl).toHaveBeenCalledWith(
        `/ouvir-radio-online?streamId=${POPUP_STREAM.streamId}&popup=1`,
        'festival',
        'width=420,height=680',
      );
    }
  });

  it('an open popup stops the page player and shows the notice until the window closes', () => {
    const popup = { closed: false };
    const { machine, engine, storage } = setupMachine({ openWindow: () => popup });
    machine.playLive();
    engine.started();
    expect(machine.chooseStream(POPUP_STREAM.streamId)).toBe('popup');
    expect(machine.getSnapshot()).toMatchObject({
      shouldBePlaying: false,
      src: null,
      streamId: MAIN,
      notice: { kind: 'popup-playing', text: 'O streaming está tocando em uma outra janela!' },
    });
    expect(storage.read('streamId')).toBeNull();
    vi.advanceTimersByTime(POPUP_WATCH_MS * 3);
    expect(machine.getSnapshot().notice?.kind).toBe('popup-playing');
    popup.closed = true;
    vi.advanceTimersByTime(POPUP_WATCH_MS);
    expect(machine.getSnapshot().notice).toBeNull();
  });
});

describe('inside the window of a popup stream', () => {
  it('the stream plays there, without opening another window or becoming the saved choice', () => {
    const openWindow = vi.fn(() => ({ closed: false }));
    const streams = PUBLIC_STREAMS.map((item) => (item.isPopup ? withSources(item) : item));
    const { machine, storage } = setupMachine({ openWindow, streams });
    machine.setPopupWindow(POPUP_STREAM.streamId);
    expect(openWindow).not.toHaveBeenCalled();
    expect(machine.getSnapshot()).toMatchObject({
      streamId: POPUP_STREAM.streamId,
      shouldBePlaying: true,
      notice: null,
    });
    expect(machine.getSnapshot().src).toContain(`/stream/${POPUP_STREAM.streamId}.mp3`);
    expect(storage.read('streamId')).toBeNull();
    // Choosing it again in that window still plays it in place.
    expect(machine.chooseStream(POPUP_STREAM.streamId)).toBe('selected');
    expect(openWindow).not.toHaveBeenCalled();
  });
});

describe('inside the window of a popup stream, the session known later', () => {
  it("keeps the window's stream when the session arrives, over a saved choice (PL-10)", () => {
    const streams = PUBLIC_STREAMS.map((item) => (item.isPopup ? withSources(item) : item));
    // The stream list came with the page: the start choice is applied before the session is known.
    const { machine } = setupMachine({
      streams,
      saved: MAIN,
      access: { loggedIn: null, isPro: null },
    });
    machine.setPopupWindow(POPUP_STREAM.streamId);
    expect(machine.getSnapshot().streamId).toBe(POPUP_STREAM.streamId);
    machine.setAccess({ loggedIn: false, isPro: false });
    expect(machine.getSnapshot()).toMatchObject({
      streamId: POPUP_STREAM.streamId,
      shouldBePlaying: true,
    });
    machine.setStreams(streams);
    expect(machine.getSnapshot().streamId).toBe(POPUP_STREAM.streamId);
  });
});

describe('Dolby Atmos (G37)', () => {
  it('outside Safari: the message and the main stream (PL-11)', () => {
    const { machine, messages, storage } = setupMachine({ userAgent: CHROME_UA });
    expect(machine.chooseStream(DOLBY_STREAM.streamId, { play: false })).toBe('dolby-fallback');
    expect(messages).toEqual([{ kind: 'dolby-unsupported' }]);
    expect(machine.getSnapshot().streamId).toBe(MAIN);
    expect(storage.read('streamId')).toBe(MAIN);
    expect(PLAYER_TEXT.dolbyUnsupported).toBe('Dolby Atmos não é compatível com este navegador');
  });

  it('in a Safari-like browser: DOLBY ATMOS ativado', () => {
    const { machine, messages, engine } = setupMachine({ userAgent: SAFARI_UA });
    engine.playableTypes.add('application/vnd.apple.mpegurl');
    expect(machine.chooseStream(DOLBY_STREAM.streamId)).toBe('selected');
    expect(messages).toEqual([{ kind: 'dolby-active' }]);
    expect(machine.getSnapshot()).toMatchObject({
      streamId: DOLBY_STREAM.streamId,
      notice: { kind: 'dolby-active', text: 'DOLBY ATMOS ativado' },
    });
    expect(engine.loadedPath).toBe(`/stream/${MAIN}_dolby_atmos.m3u8`);
    machine.chooseStream(MAIN);
    expect(machine.getSnapshot().notice).toBeNull();
  });

  it('a saved Dolby choice is not restored outside Safari', () => {
    const { machine } = setupMachine({ saved: DOLBY_STREAM.streamId, userAgent: CHROME_UA });
    expect(machine.getSnapshot().streamId).toBe(MAIN);
  });
});

describe('start choices (?streamId=, campaigns)', () => {
  it('waits for the session before judging a semiPro start choice, then applies the checks', () => {
    const { machine, messages } = setupMachine({ access: { loggedIn: null, isPro: null } });
    machine.requestStartStream(SEMI_STREAM.streamId);
    expect(messages).toEqual([]);
    machine.setAccess({ loggedIn: false, isPro: false });
    expect(messages).toEqual([{ kind: 'login-required' }]);
    expect(machine.getSnapshot().streamId).toBe(MAIN);
  });

  it('a free start choice is selected (and saved) without playing', () => {
    const { machine, storage, engine } = setupMachine({
      access: { loggedIn: true, isPro: false },
      streams: LOGGED_IN_STREAMS,
    });
    machine.requestStartStream(SEMI_STREAM.streamId);
    expect(machine.getSnapshot()).toMatchObject({
      streamId: SEMI_STREAM.streamId,
      shouldBePlaying: false,
    });
    expect(storage.read('streamId')).toBe(SEMI_STREAM.streamId);
    expect(engine.loads).toHaveLength(0);
  });

  it('applies once the list arrives', () => {
    const { machine } = setupMachine({ streams: null, access: { loggedIn: true, isPro: true } });
    machine.requestStartStream(PRO_STREAM.streamId);
    expect(machine.getSnapshot().streamId).toBeNull();
    machine.setStreams(PRO_USER_STREAMS);
    expect(machine.getSnapshot().streamId).toBe(PRO_STREAM.streamId);
  });
});
