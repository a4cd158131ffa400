/** The HTML engine over a jsdom <audio> whose media state the test sets. */
import { describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from './types';
import { HtmlAudioEngine } from './html-audio-engine';

function setup() {
  const audio = document.createElement('audio');
  const media = {
    paused: true,
    ended: false,
    error: null as { code: number; message: string } | null,
    currentTime: 0,
    duration: Number.POSITIVE_INFINITY,
    buffered: [] as [number, number][],
  };
  for (const key of ['paused', 'ended', 'error', 'currentTime', 'duration'] as const) {
    Object.defineProperty(audio, key, { get: () => media[key], configurable: true });
  }
  Object.defineProperty(audio, 'buffered', {
    get: () => ({
      length: media.buffered.length,
      start: (index: number) => media.buffered[index]?.[0] ?? 0,
      end: (index: number) => media.buffered[index]?.[1] ?? 0,
    }),
  });
  const play = vi.fn(async () => {
    media.paused = false;
  });
  const pause = vi.fn(() => {
    media.paused = true;
  });
  const load = vi.fn();
  Object.assign(audio, { play, pause, load });
  const engine = new HtmlAudioEngine(audio);
  const events: EngineEvent[] = [];
  engine.subscribe((event) => events.push(event));
  const fire = (name: string) => audio.dispatchEvent(new Event(name));
  return { audio, media, engine, events, fire, play, pause, load };
}

describe('HtmlAudioEngine', () => {
  it('load sets the source (announcing loading); play and pause reach the element', async () => {
    const { audio, engine, events, play, pause } = setup();
    engine.load({ url: '/stream/onda_1.mp3?_=1', type: 'audio/mpeg' });
    expect(audio.getAttribute('src')).toBe('/stream/onda_1.mp3?_=1');
    expect(events).toEqual([{ type: 'loading' }]);
    await engine.play();
    expect(play).toHaveBeenCalled();
    engine.pause();
    expect(pause).toHaveBeenCalled();
  });

  it('stopBuffering removes the source and reloads, so the download ends', () => {
    const { audio, engine, load } = setup();
    engine.load({ url: '/stream/onda_1.mp3?_=1' });
    engine.stopBuffering();
    expect(audio.hasAttribute('src')).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(engine.bufferLatencyMs()).toBeNull();
  });

  it('maps the element events, dropping those that do not match its state', async () => {
    const { engine, events, fire, media } = setup();
    engine.load({ url: '/a.mp3' });
    await engine.play();
    fire('playing');
    fire('waiting');
    fire('pause'); // stale: the element is not paused
    media.paused = true;
    fire('pause');
    media.currentTime = 3;
    fire('timeupdate');
    media.error = { code: 2, message: 'net' };
    fire('error');
    media.error = { code: 1, message: 'aborted' };
    fire('error');
    media.error = { code: 4, message: '' };
    fire('error');
    media.ended = true;
    fire('ended');
    expect(events.slice(1)).toEqual([
      { type: 'playing' },
      { type: 'waiting' },
      { type: 'paused' },
      { type: 'progress', positionS: 3, durationS: null },
      { type: 'error', code: 'network', message: 'net' },
      { type: 'error', code: 'unsupported', message: undefined },
      { type: 'ended' },
    ]);
  });

  it('says nothing about a source it dropped', () => {
    const { engine, events, fire, media } = setup();
    engine.load({ url: '/a.mp3' });
    engine.stopBuffering();
    media.error = { code: 2, message: '' };
    fire('error');
    fire('timeupdate');
    expect(events).toEqual([{ type: 'loading' }]);
  });

  it('the buffer latency is buffered end minus position', () => {
    const { engine, media } = setup();
    engine.load({ url: '/a.mp3' });
    expect(engine.bufferLatencyMs()).toBeNull();
    media.buffered = [[0, 12.5]];
    media.currentTime = 10;
    expect(engine.bufferLatencyMs()).toBe(2500);
  });

  it('play rejects only for the autoplay policy; a failing source is left to its error event', async () => {
    const { engine, play } = setup();
    play.mockRejectedValueOnce(new DOMException('no source', 'NotSupportedError'));
    await expect(engine.play()).resolves.toBeUndefined();
    play.mockRejectedValueOnce(new DOMException('gesture', 'NotAllowedError'));
    await expect(engine.play()).rejects.toThrow('gesture');
  });

  it('volume is a clamped gain', () => {
    const { audio, engine } = setup();
    engine.setVolume(0.8);
    expect(audio.volume).toBeCloseTo(0.8);
    engine.setVolume(3);
    expect(audio.volume).toBe(1);
  });
});
