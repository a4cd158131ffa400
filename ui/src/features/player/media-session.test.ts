/** Media Session: metadata of each item on air, state, and the lock-screen actions. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bindMediaSession,
  metadataFor,
  setMediaSessionMetadata,
  setMediaSessionPosition,
  setMediaSessionSeeking,
  setMediaSessionState,
} from './media-session';
import { nowPlaying } from './testing/fixtures';

class FakeMediaMetadata {
  constructor(readonly init: unknown) {}
}

type Handler = ((details: MediaSessionActionDetails) => void) | null;

function installMediaSession() {
  const handlers = new Map<string, Handler>();
  const positions: (MediaPositionState | undefined)[] = [];
  const session = {
    metadata: null as unknown,
    playbackState: 'none',
    setActionHandler: (action: string, handler: Handler) => handlers.set(action, handler),
    setPositionState: (state?: MediaPositionState) => positions.push(state),
  };
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  vi.stubGlobal('MediaMetadata', FakeMediaMetadata);
  return { session, handlers, positions };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaSession');
});

describe('Media Session', () => {
  it('metadata: title, artist, album and the 150 and 1000 covers', () => {
    const { session } = installMediaSession();
    const item = nowPlaying({
      song: 'Evidências',
      artist: 'Chitãozinho & Xororó',
      album: 'Ao vivo',
    });
    setMediaSessionMetadata(metadataFor(item, { stationName: 'Onda FM', streamName: 'Normal' }));
    expect((session.metadata as FakeMediaMetadata).init).toEqual({
      title: 'Evidências',
      artist: 'Chitãozinho & Xororó',
      album: 'Ao vivo',
      artwork: [
        { src: item.cover['150'], sizes: '150x150' },
        { src: item.cover['1000'], sizes: '1000x1000' },
      ],
    });
  });

  it('a commercial break shows the station and the stream', () => {
    expect(
      metadataFor(nowPlaying({ metaType: 'commercial' }), {
        stationName: 'Onda FM',
        streamName: 'Normal',
      }),
    ).toEqual({ title: 'Onda FM', artist: 'Normal', album: '', artwork: [] });
  });

  it('play, pause and stop call the player; the state follows', () => {
    const { session, handlers } = installMediaSession();
    const actions = { play: vi.fn(), pause: vi.fn(), stop: vi.fn() };
    const unbind = bindMediaSession(actions);
    handlers.get('play')?.({ action: 'play' });
    handlers.get('pause')?.({ action: 'pause' });
    handlers.get('stop')?.({ action: 'stop' });
    expect(actions.play).toHaveBeenCalledTimes(1);
    expect(actions.pause).toHaveBeenCalledTimes(1);
    expect(actions.stop).toHaveBeenCalledTimes(1);
    setMediaSessionState('playing', true);
    expect(session.playbackState).toBe('playing');
    setMediaSessionState('paused', false);
    expect(session.playbackState).toBe('paused');
    unbind();
    expect(handlers.get('play')).toBeNull();
  });

  it('timeshift: seek backward, forward and to a point; the position over the window', () => {
    const { handlers, positions } = installMediaSession();
    const actions = { seekBackward: vi.fn(), seekForward: vi.fn(), seekTo: vi.fn() };
    setMediaSessionSeeking(actions);
    handlers.get('seekbackward')?.({ action: 'seekbackward' });
    handlers.get('seekforward')?.({ action: 'seekforward', seekOffset: 10 });
    handlers.get('seekto')?.({ action: 'seekto', seekTime: 600 });
    expect(actions.seekBackward).toHaveBeenCalledWith(null);
    expect(actions.seekForward).toHaveBeenCalledWith(10);
    expect(actions.seekTo).toHaveBeenCalledWith(600);
    setMediaSessionPosition({ positionS: 7000, durationS: 7200 });
    // A position past the end (the edge moved on) is held at it.
    setMediaSessionPosition({ positionS: 7300, durationS: 7200 });
    expect(positions).toEqual([
      { duration: 7200, position: 7000, playbackRate: 1 },
      { duration: 7200, position: 7200, playbackRate: 1 },
    ]);
    // No timeshift (another stream, the desktop's engine): no seek buttons, no position.
    setMediaSessionSeeking(null);
    setMediaSessionPosition(null);
    expect(handlers.get('seekbackward')).toBeNull();
    expect(handlers.get('seekto')).toBeNull();
    expect(positions.at(-1)).toBeUndefined();
    expect(positions).toHaveLength(3);
  });

  it('does nothing without the API', () => {
    expect(() => {
      setMediaSessionMetadata(metadataFor(null, { stationName: 'Onda FM', streamName: null }));
      setMediaSessionState('playing', true);
      bindMediaSession({ play: vi.fn(), pause: vi.fn(), stop: vi.fn() })();
      setMediaSessionSeeking({ seekBackward: vi.fn(), seekForward: vi.fn(), seekTo: vi.fn() });
      setMediaSessionPosition({ positionS: 1, durationS: 2 });
    }).not.toThrow();
  });
});
