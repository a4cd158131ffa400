/** Media Session: metadata of each item on air, state, and the lock-screen actions. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bindMediaSession,
  metadataFor,
  setMediaSessionMetadata,
  setMediaSessionState,
} from './media-session';
import { nowPlaying } from './testing/fixtures';

class FakeMediaMetadata {
  constructor(readonly init: unknown) {}
}

function installMediaSession() {
  const handlers = new Map<string, (() => void) | null>();
  const session = {
    metadata: null as unknown,
    playbackState: 'none',
    setActionHandler: (action: string, handler: (() => void) | null) =>
      handlers.set(action, handler),
  };
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  vi.stubGlobal('MediaMetadata', FakeMediaMetadata);
  return { session, handlers };
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
    handlers.get('play')?.();
    handlers.get('pause')?.();
    handlers.get('stop')?.();
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

  it('does nothing without the API', () => {
    expect(() => {
      setMediaSessionMetadata(metadataFor(null, { stationName: 'Onda FM', streamName: null }));
      setMediaSessionState('playing', true);
      bindMediaSession({ play: vi.fn(), pause: vi.fn(), stop: vi.fn() })();
    }).not.toThrow();
  });
});
