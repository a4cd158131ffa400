/**
 * The player state machine driven through its engine interface by a scripted engine, with fake
 * timers for every timing of doc1 §4/§9.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AD_WAIT_MAX_MS,
  AD_WAIT_STEP_MS,
  ONDEMAND_NEXT_TRACK_DELAY_MS,
  PAUSE_STOP_BUFFERING_MS,
  STALL_RECONNECT_MS,
  STREAM_RETRY_INTERVAL_MS,
} from '@/lib/constants';
import { PLAYER_TEXT } from './messages';
import { livePlayLabel, playLabel, type QueueItem } from './player-machine';
import { MAIN, PUBLIC_STREAMS } from './testing/fixtures';
import { ScriptedPreroll, scriptedAd, setupMachine } from './testing/machine-setup';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T13:00:00Z') });
});

/** Lets the engine's play() promise settle. */
async function flush() {
  await Promise.resolve();
  await Promise.resolve();
}

describe('live playback', () => {
  it('starts locked and idle; play → Carregando... → Pausar; pause → Tocar (PL-02)', () => {
    const { machine, engine } = setupMachine();
    const state = () => machine.getSnapshot();
    expect(state()).toMatchObject({ locked: true, status: 'paused', isLive: true, streamId: MAIN });
    expect(livePlayLabel(state())).toBe('Tocar');

    machine.toggleLive();
    expect(state()).toMatchObject({ locked: false, shouldBePlaying: true, status: 'loading' });
    expect(livePlayLabel(state())).toBe('Carregando...');
    // The first source the engine can play (AAC-HE), from the live edge.
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(engine.source?.url).toBe(`/stream/${MAIN}.aac?_=${Date.now()}`);
    expect(state().src).toBe(engine.source?.url);
    expect(engine.calls).toEqual([`load ${engine.source?.url}`, 'play']);

    engine.started();
    expect(state().status).toBe('playing');
    expect(livePlayLabel(state())).toBe('Pausar');

    machine.toggleLive();
    expect(state()).toMatchObject({ status: 'paused', shouldBePlaying: false });
    expect(livePlayLabel(state())).toBe('Tocar');
    expect(engine.calls.at(-1)).toBe('pause');
  });

  it('a paused live stream stops buffering after 3 s (PL-05)', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.started();
    machine.pause();
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS - 1);
    expect(engine.calls).not.toContain('stopBuffering');
    expect(machine.getSnapshot().src).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(engine.calls.at(-1)).toBe('stopBuffering');
    expect(machine.getSnapshot().src).toBeNull();
  });

  it('pausing while still loading stops buffering at once', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    machine.pause();
    expect(engine.calls.at(-1)).toBe('stopBuffering');
    expect(machine.getSnapshot()).toMatchObject({ status: 'paused', src: null });
  });

  it('resuming rejoins the live edge with a new request, even within the 3 s', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.started();
    const first = engine.source?.url;
    machine.pause();
    vi.advanceTimersByTime(1000);
    machine.playLive();
    expect(engine.loads).toHaveLength(2);
    expect(engine.source?.url).not.toBe(first);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    // The pending stop-buffering of the pause no longer fires.
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls).not.toContain('stopBuffering');
  });

  it('reloads up to 3 times, 1 s apart, then stops with the stream error', () => {
    const { machine, engine, messages } = setupMachine();
    machine.playLive();
    expect(engine.loads).toHaveLength(1);

    for (let retry = 1; retry <= 3; retry += 1) {
      engine.fail('network');
      expect(machine.getSnapshot()).toMatchObject({ retries: retry, status: 'loading' });
      vi.advanceTimersByTime(STREAM_RETRY_INTERVAL_MS - 1);
      expect(engine.loads).toHaveLength(retry);
      vi.advanceTimersByTime(1);
      expect(engine.loads).toHaveLength(retry + 1);
    }
    engine.fail('network');
    expect(machine.getSnapshot()).toMatchObject({
      status: 'error',
      shouldBePlaying: false,
      src: null,
      retries: 3,
      error: PLAYER_TEXT.streamError,
    });
    expect(PLAYER_TEXT.streamError).toBe(
      'Não é possível tocar o stream. Verifique a sua conexão de internet ou tente de novo em alguns momentos.',
    );
    expect(messages).toEqual([{ kind: 'stream-error' }]);
    expect(engine.calls.at(-1)).toBe('stopBuffering');
    vi.advanceTimersByTime(10_000);
    expect(engine.loads).toHaveLength(4);
    // Playing again starts over (and clears the error).
    machine.playLive();
    expect(machine.getSnapshot()).toMatchObject({ status: 'loading', error: null, retries: 0 });
  });

  it('each reload is a new request at the live edge; sound resets the retry count', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.fail('network');
    vi.advanceTimersByTime(STREAM_RETRY_INTERVAL_MS);
    expect(new Set(engine.loads).size).toBe(2);
    engine.started();
    expect(machine.getSnapshot()).toMatchObject({ status: 'playing', retries: 0 });
  });

  it('a source the browser cannot decode moves to the next source before counting retries', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.fail('unsupported');
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.mp3`);
    expect(machine.getSnapshot().retries).toBe(0);
    engine.fail('unsupported');
    expect(machine.getSnapshot().retries).toBe(1);
  });

  it('a live stream that ends (server closed it) reconnects like an error', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.started();
    engine.end();
    expect(machine.getSnapshot()).toMatchObject({ status: 'loading', retries: 1 });
    vi.advanceTimersByTime(STREAM_RETRY_INTERVAL_MS);
    expect(engine.loads).toHaveLength(2);
  });

  it('a stall shows the stall text until sound returns (PL-04)', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.stall(); // waiting before the first sound is loading, not a stall
    expect(machine.getSnapshot().stalled).toBe(false);
    engine.started();
    engine.stall();
    expect(machine.getSnapshot()).toMatchObject({ stalled: true, status: 'playing' });
    engine.started();
    expect(machine.getSnapshot().stalled).toBe(false);
  });

  it('an engine that reconnects by itself (the desktop app) is not reloaded on top of it', () => {
    const { machine, engine, messages } = setupMachine();
    engine.reconnectsItself = true;
    machine.playLive();
    engine.started();
    // Its reconnecting shows the stall text; the machine leaves the reconnecting to it.
    engine.stall();
    expect(machine.getSnapshot()).toMatchObject({ stalled: true, status: 'playing' });
    vi.advanceTimersByTime(STALL_RECONNECT_MS * 3);
    expect(engine.loads).toHaveLength(1);
    engine.started();
    expect(machine.getSnapshot()).toMatchObject({ stalled: false, status: 'playing' });
    // Its error comes once its own retries ran out: the stream error at once, nothing more.
    engine.stall();
    engine.fail('network');
    expect(machine.getSnapshot()).toMatchObject({
      status: 'error',
      shouldBePlaying: false,
      stalled: false,
      error: PLAYER_TEXT.streamError,
    });
    expect(messages).toEqual([{ kind: 'stream-error' }]);
    vi.advanceTimersByTime(10_000);
    expect(engine.loads).toHaveLength(1);
    // Playing again is a fresh start.
    machine.playLive();
    expect(engine.loads).toHaveLength(2);
  });

  it('a long stall reconnects at the live edge, the stall text staying meanwhile', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.started();
    engine.stall();
    vi.advanceTimersByTime(STALL_RECONNECT_MS - 1);
    expect(engine.loads).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(engine.loads).toHaveLength(2);
    expect(machine.getSnapshot()).toMatchObject({ stalled: true, status: 'loading' });
    engine.started();
    expect(machine.getSnapshot()).toMatchObject({ stalled: false, status: 'playing' });
  });

  it('a pause from the system (lock screen, headset) is a pause', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.started();
    engine.pausedBySystem();
    expect(machine.getSnapshot()).toMatchObject({ status: 'paused', shouldBePlaying: false });
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls.at(-1)).toBe('stopBuffering');
  });

  it('stop() drops the live stream at once (Media Session stop)', () => {
    const { machine, engine } = setupMachine();
    machine.playLive();
    engine.started();
    machine.stop();
    expect(engine.calls.slice(-2)).toEqual(['pause', 'stopBuffering']);
    expect(machine.getSnapshot().src).toBeNull();
  });

  it('a play refused by the autoplay policy goes back to Tocar quietly', async () => {
    const { machine, engine, messages } = setupMachine();
    engine.blockPlay = true;
    machine.playLive();
    await flush();
    expect(machine.getSnapshot()).toMatchObject({ status: 'paused', shouldBePlaying: false });
    expect(messages).toEqual([]);
  });

  it('play before the stream list arrived starts once it does', () => {
    const { machine, engine } = setupMachine({ streams: null });
    machine.playLive();
    expect(machine.getSnapshot()).toMatchObject({ status: 'loading', shouldBePlaying: true });
    expect(engine.loads).toHaveLength(0);
    machine.setStreams(PUBLIC_STREAMS);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('a play waiting for a stream list that cannot be loaded ends with the stream error', () => {
    const { machine, messages } = setupMachine({ streams: null });
    machine.playLive();
    machine.setStreamsUnavailable(true);
    expect(machine.getSnapshot()).toMatchObject({
      status: 'error',
      shouldBePlaying: false,
      error: PLAYER_TEXT.streamError,
    });
    expect(messages).toEqual([{ kind: 'stream-error' }]);
    machine.playLive();
    expect(machine.getSnapshot().status).toBe('error');
  });

  it('passes the volume to the engine as a gain', () => {
    const { machine, engine } = setupMachine();
    machine.setVolume(80);
    expect(engine.volume).toBe(0.8);
    machine.setVolume(140);
    expect(engine.volume).toBe(1);
  });
});

describe('on-demand queue', () => {
  const items: QueueItem[] = ['a', 'b', 'c'].map((id) => ({
    id,
    src: `/media/previews/${id}.mp3`,
    title: `Música ${id}`,
    artist: 'Artista',
  }));

  it("plays the list as 'otherMedia', the next track 300 ms after one ends; nothing after the last (PL-18)", () => {
    const { machine, engine } = setupMachine();
    machine.playQueue(items);
    expect(machine.getSnapshot()).toMatchObject({
      isLive: 'otherMedia',
      status: 'loading',
      queue: { index: 0 },
    });
    expect(engine.loads).toEqual(['/media/previews/a.mp3']);
    engine.started();
    expect(playLabel(machine.getSnapshot())).toBe('Pausar');
    // The live page's button does not claim on-demand audio.
    expect(livePlayLabel(machine.getSnapshot())).toBe('Tocar');

    engine.end();
    vi.advanceTimersByTime(ONDEMAND_NEXT_TRACK_DELAY_MS - 1);
    expect(engine.loads).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(engine.loads).toEqual(['/media/previews/a.mp3', '/media/previews/b.mp3']);
    expect(machine.getSnapshot().queue?.index).toBe(1);

    engine.started();
    engine.end();
    vi.advanceTimersByTime(ONDEMAND_NEXT_TRACK_DELAY_MS);
    engine.started();
    engine.end();
    expect(machine.getSnapshot()).toMatchObject({ status: 'ended', shouldBePlaying: false });
    vi.advanceTimersByTime(5000);
    expect(engine.loads).toHaveLength(3);
  });

  it('a failing track shows the on-demand error and moves on 300 ms later', () => {
    const { machine, engine, messages } = setupMachine();
    machine.playQueue(items, 1);
    engine.fail('decode');
    expect(messages).toEqual([{ kind: 'track-error', item: items[1] }]);
    expect(machine.getSnapshot().error).toBe('Não é possível tocar essa música...');
    vi.advanceTimersByTime(ONDEMAND_NEXT_TRACK_DELAY_MS);
    expect(engine.loads.at(-1)).toBe('/media/previews/c.mp3');
    engine.fail('network');
    expect(machine.getSnapshot()).toMatchObject({ status: 'error', shouldBePlaying: false });
  });

  it('pause keeps the position; the bar resumes the track; the live button plays live', () => {
    const { machine, engine } = setupMachine();
    machine.playQueue(items);
    engine.started();
    machine.toggle();
    expect(machine.getSnapshot()).toMatchObject({ status: 'paused', src: '/media/previews/a.mp3' });
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls).not.toContain('stopBuffering');
    machine.toggle();
    expect(engine.calls.at(-1)).toBe('play');
    expect(engine.loads).toHaveLength(1);
    engine.started();
    machine.toggleLive();
    expect(machine.getSnapshot()).toMatchObject({ isLive: true, queue: null });
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });
});

describe('podcast interplay', () => {
  it('a podcast pauses the live radio, which resumes when the podcast pauses (PL-18)', () => {
    const { machine, engine } = setupMachine();
    const podcast = { pause: vi.fn() };
    machine.registerPodcastPlayer(podcast);
    machine.playLive();
    expect(podcast.pause).toHaveBeenCalledTimes(1);
    engine.started();

    machine.podcastStarted();
    expect(machine.getSnapshot()).toMatchObject({ status: 'paused', podcastActive: true });
    machine.podcastStopped();
    expect(machine.getSnapshot()).toMatchObject({ status: 'loading', shouldBePlaying: true });
    expect(engine.loads).toHaveLength(2);
  });

  it('the radio does not start after a podcast when it was not playing before', () => {
    const { machine, engine } = setupMachine();
    machine.podcastStarted();
    machine.podcastStopped();
    expect(engine.loads).toHaveLength(0);
    expect(machine.getSnapshot().shouldBePlaying).toBe(false);
  });

  it('starting the radio pauses every registered podcast player', () => {
    const { machine } = setupMachine();
    const first = { pause: vi.fn() };
    const second = { pause: vi.fn() };
    const unregister = machine.registerPodcastPlayer(first);
    machine.registerPodcastPlayer(second);
    unregister();
    machine.podcastStarted();
    machine.playLive();
    expect(first.pause).not.toHaveBeenCalled();
    expect(second.pause).toHaveBeenCalledTimes(1);
    expect(machine.getSnapshot().podcastActive).toBe(false);
  });
});

describe('preroll', () => {
  it('plays the ad before the first live play, then the live stream; never again (PL-16)', () => {
    const preroll = new ScriptedPreroll();
    const ad = scriptedAd();
    const { machine, engine } = setupMachine({ preroll });
    machine.playLive();
    expect(preroll.requests).toBe(1);
    expect(machine.getSnapshot()).toMatchObject({ status: 'loading', ad: { phase: 'waiting' } });
    expect(livePlayLabel(machine.getSnapshot())).toBe('Carregando...');
    expect(engine.loads).toHaveLength(0);

    preroll.set('ready', ad);
    expect(engine.loads).toEqual(['/media/ads/spot.mp3']);
    expect(machine.getSnapshot().ad).toMatchObject({ phase: 'starting', title: 'Padaria Central' });
    engine.started();
    expect(machine.getSnapshot().ad?.phase).toBe('playing');
    expect(machine.getSnapshot().status).toBe('loading');
    engine.progress(4, 15);
    expect(machine.getSnapshot().ad).toMatchObject({ positionS: 4, durationS: 15 });
    // However long the ad, the 7 s wait no longer applies once it plays.
    vi.advanceTimersByTime(AD_WAIT_MAX_MS * 2);
    expect(engine.loads).toHaveLength(1);
    engine.end();
    expect(ad.calls).toEqual(['impression', 'progress 4', 'complete']);
    expect(preroll.settled).toEqual(['played']);
    expect(machine.getSnapshot().ad).toBeNull();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    engine.started();
    expect(machine.getSnapshot().status).toBe('playing');

    machine.pause();
    machine.playLive();
    expect(machine.getSnapshot().ad).toBeNull();
    expect(engine.loads).toHaveLength(3);
  });

  it('waits up to 7 s in 1 s steps for an ad that never comes, then plays live', () => {
    const preroll = new ScriptedPreroll();
    const { machine, engine } = setupMachine({ preroll });
    machine.playLive();
    vi.advanceTimersByTime(AD_WAIT_MAX_MS - AD_WAIT_STEP_MS);
    expect(machine.getSnapshot().ad?.phase).toBe('waiting');
    expect(engine.loads).toHaveLength(0);
    vi.advanceTimersByTime(AD_WAIT_STEP_MS);
    expect(machine.getSnapshot().ad).toBeNull();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(preroll.settled).toEqual(['timeout']);
  });

  it('an ad that loads but never starts is dropped at 7 s', () => {
    const preroll = new ScriptedPreroll();
    const ad = scriptedAd();
    const { machine, engine } = setupMachine({ preroll });
    machine.playLive();
    vi.advanceTimersByTime(3000);
    preroll.set('ready', ad);
    expect(engine.loads).toEqual(['/media/ads/spot.mp3']);
    vi.advanceTimersByTime(AD_WAIT_MAX_MS - 3000);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(ad.calls).toEqual(['error 402']);
  });

  it('an ad error resumes the live stream and the ad is not tried again', () => {
    const preroll = new ScriptedPreroll();
    const ad = scriptedAd();
    const { machine, engine } = setupMachine({ preroll });
    preroll.set('ready', ad);
    machine.playLive();
    engine.fail('network');
    expect(ad.calls).toEqual(['error 405']);
    expect(preroll.settled).toEqual(['error']);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    machine.pause();
    machine.playLive();
    expect(machine.getSnapshot().ad).toBeNull();
  });

  it('waits while it is not known whether the listener is PRO; a PRO answer plays live at once', () => {
    const preroll = new ScriptedPreroll();
    preroll.current = 'unknown';
    const { machine, engine } = setupMachine({ preroll });
    machine.playLive();
    vi.advanceTimersByTime(2000);
    expect(engine.loads).toHaveLength(0);
    preroll.set('none');
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(preroll.settled).toEqual([]);
  });

  it('no wait at all when there is no ad (PRO, no ad URL)', () => {
    const preroll = new ScriptedPreroll();
    preroll.current = 'none';
    const { machine, engine } = setupMachine({ preroll });
    machine.playLive();
    expect(preroll.requests).toBe(0);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('pausing during the ad stops it; an ad already heard is not replayed', () => {
    const preroll = new ScriptedPreroll();
    const ad = scriptedAd();
    const { machine, engine } = setupMachine({ preroll });
    preroll.set('ready', ad);
    machine.playLive();
    engine.started();
    machine.toggleLive();
    expect(machine.getSnapshot()).toMatchObject({ ad: null, status: 'paused', src: null });
    expect(engine.calls.at(-1)).toBe('stopBuffering');
    machine.playLive();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('the click-through is tracked', () => {
    const preroll = new ScriptedPreroll();
    const ad = scriptedAd();
    const { machine, engine } = setupMachine({ preroll });
    preroll.set('ready', ad);
    machine.playLive();
    engine.started();
    machine.adClickThrough();
    expect(ad.calls).toContain('click');
  });
});

describe('engine unlock', () => {
  it('unlockAudio() reaches the engine (first touch on touch devices)', () => {
    const { machine, engine } = setupMachine();
    machine.unlockAudio();
    expect(engine.calls).toEqual(['unlock']);
    expect(machine.getSnapshot().locked).toBe(true);
  });
});
