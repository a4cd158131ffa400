// The desktop app end to end: the real app (target/debug/onda-desktop, or ONDA_DESKTOP_BIN) under
// Xvfb, driven by tauri-driver + WebKitWebDriver, against the real onda-server on a fresh SQLite
// database, with a sound card that plays in real time and is recorded (a PulseAudio null sink,
// lib/audio.mjs). It starts and talks to the configured station; an anonymous listener's 'Tocar'
// plays the whole ten-second preroll and then the live stream, and the station records the ad's
// impression and completion; an artist's 30-second music preview plays once to its end; a PRO
// listener logs in through the login modal, 'Tocar' on the live page makes the native engine (Rust:
// reqwest → symphonia → rodio) report decoded audio with the stream's title; 'Voltar 30 segundos'
// makes it play the channel's HLS recording from 30 s back, the media keys (playerctl over MPRIS)
// seek further back and 'Ao vivo' returns to the mount; the PRO alarm page shows, and a screenshot
// of the window is saved to e2e/desktop/artifacts/.
//
// Run with `npm run e2e:desktop` (e2e/desktop/run.sh: xvfb-run and a D-Bus session around this file).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { root, startStation } from '../lib/station.mjs';
import { invoke, nativeState, playerSnapshot, startApp } from './lib/app.mjs';
import { startNullSink } from './lib/audio.mjs';

const binary = process.env.ONDA_DESKTOP_BIN ?? join(root, 'target/debug/onda-desktop');
const artifacts = join(root, 'e2e/desktop/artifacts');
const email = 'pro.desktop@example.com';
const password = 'segredo1';

let station;
let sink;
let recording;
let app;
let session;
const driverLog = [];

before(async () => {
  if (!existsSync(binary)) throw new Error(`build the desktop app first: ${binary} is missing`);
  // Songs of 31 s, so a music preview is the whole 30 seconds a real song's is.
  station = await startStation({ ONDA_DEMO_TRACK_SECONDS: '31' });
  await station.confirmedListener(email, 'Paula Desktop', password);
  station.admin('grant-pro', email);
  sink = await startNullSink();
  app = await startApp(binary, station.url, {
    log: (line) => driverLog.push(line),
    sink,
  });
  session = app.session;
});

after(async () => {
  await recording?.stop();
  await app?.stop();
  await sink?.stop();
  await station?.stop();
  if (process.env.DEBUG_DESKTOP) console.log(driverLog.join(''));
});

function sql(query) {
  return execFileSync('sqlite3', [join(station.dataDir, 'onda.db'), query], {
    encoding: 'utf8',
  }).trim();
}

const STATUS = `return window.__TAURI_INTERNALS__.invoke('player_status');`;

/**
 * Polls the native player until `accept(status)`, keeping every status seen in `seen`; returns the
 * wall-clock time it was accepted.
 */
async function untilNative(accept, seen, what, timeout = 30_000) {
  await session.until(
    STATUS,
    (status) => {
      seen.push(status);
      return accept(status);
    },
    { timeout, what },
  );
  return Date.now();
}

const failures = (seen) =>
  seen.map(nativeState).filter((state) => state === 'reconnecting' || state === 'failed');

/** Goes to `path` inside the single-page app (react-router follows history changes). */
async function goTo(path) {
  await session.execute(
    `history.pushState(null, '', arguments[0]); dispatchEvent(new PopStateEvent('popstate'));`,
    path,
  );
}

describe('desktop app', () => {
  test('starts with the UI and the configured station', async () => {
    await session.waitFor('[data-testid="login-button"]', { timeout: 60_000 });
    assert.match(await session.title(), /Onda FM$/);
    const info = await invoke(session, 'desktop_info');
    assert.equal(info.serverUrl, station.url);
    assert.equal(nativeState(await invoke(session, 'player_status')), 'idle');
  });

  test('the UI talks to the configured station (the live page lists its streams)', async () => {
    await goTo('/ouvir-radio-online');
    await session.waitFor('[data-testid="stream-option"]', { timeout: 15_000 }).catch((error) => {
      throw new Error(
        `the UI did not load the stream list from ${station.url} (ONDA_SERVER_URL): ${error.message}`,
      );
    });
    await goTo('/');
  });

  test('an anonymous listener hears the whole preroll, then the live stream', async () => {
    await goTo('/ouvir-radio-online');
    recording = sink.record();
    const button = await session.waitFor('[data-testid="live-play-button"]', {
      text: 'Tocar',
    });
    await button.click();
    const seen = [];
    const adStarted = await untilNative(
      (s) =>
        nativeState(s) === 'playing' && s.kind === 'file' && /\/media\/ads\/house\.mp3/.test(s.url),
      seen,
      'the preroll to play natively',
    ).catch((error) => {
      throw new Error(`${error.message}; the ad events: ${sql('SELECT event FROM ad_events')}`);
    });
    const snapshot = await playerSnapshot(session);
    assert.ok(snapshot.ad, 'the UI shows the ad');
    const adEnded = await untilNative(
      (s) =>
        !(
          s.kind === 'file' &&
          /\/media\/ads\/house\.mp3/.test(s.url) &&
          nativeState(s) === 'playing'
        ),
      seen,
      'the preroll to end',
    );
    const liveStarted = await untilNative(
      (s) => nativeState(s) === 'playing' && s.kind === 'live' && /\/stream\/.+\.mp3/.test(s.url),
      seen,
      'the live stream after the preroll',
    );
    // The spot lasts ten seconds and is heard to its end (seen by polling over WebDriver, which adds
    // up to a second or two on a loaded machine); the live stream follows once it connects.
    const heardFor = (adEnded - adStarted) / 1000;
    assert.ok(heardFor >= 9.5 && heardFor <= 12.5, `the preroll played for ${heardFor} s`);
    assert.ok(
      liveStarted - adEnded < 8000,
      `the live stream came ${liveStarted - adEnded} ms later`,
    );
    assert.deepEqual(failures(seen), [], 'the end of the file is not a lost stream');
    const adStatuses = seen.filter((s) => s.kind === 'file' && s.positionS != null);
    assert.ok(adStatuses.length > 10, `${adStatuses.length} statuses with a position`);
    assert.ok(
      adStatuses.every((s) => Math.abs(s.durationS - 10) < 0.3),
      `duration ${adStatuses.at(-1)?.durationS}`,
    );
    // Let the live stream sound for a few seconds, then listen to the recording.
    await new Promise((ok) => setTimeout(ok, 6000));
    const heard = await recording.stop();
    recording = null;
    const adSound = heard.soundSeconds(adStarted, adEnded);
    const liveSound = heard.soundSeconds(liveStarted + 500, Date.now());
    console.log(
      `desktop preroll: ${heardFor.toFixed(1)} s from the ad's start to its end; the sink ` +
        `heard ${adSound.toFixed(1)} s of sound in that time and ${liveSound.toFixed(1)} s of the live stream`,
    );
    assert.ok(adSound >= 9, `only ${adSound} s of the ad were heard`);
    assert.ok(liveSound >= 3, `only ${liveSound} s of the live stream were heard`);
    // The ad server heard an impression and a completion, no error.
    const events = sql(
      "SELECT event || '=' || COUNT(*) FROM ad_events WHERE ad_id = 'house' GROUP BY event ORDER BY event",
    );
    assert.match(events, /impression=1/);
    assert.match(events, /complete=1/);
    assert.doesNotMatch(events, /error/);
    const after = await playerSnapshot(session);
    assert.equal(after.status, 'playing');
    assert.equal(after.isLive, true);
    assert.equal(after.ad, null);
    // Stop the radio for the next test.
    await (
      await session.waitFor('[data-testid="live-play-button"]', {
        text: 'Pausar',
      })
    ).click();
    await session.until(STATUS, (s) => nativeState(s) === 'paused' || nativeState(s) === 'idle', {
      what: 'the radio to stop',
    });
  });

  test('a music preview plays its 30 seconds once, to its end', async () => {
    const songs = (await (await fetch(`${station.url}/api/v1/getMusicData/0/20`)).json()).data;
    const song = songs.find((candidate) => candidate.musicTrack);
    assert.ok(song, 'the demo has songs with audio');
    const top = (
      await (
        await fetch(`${station.url}/api/v1/artists/getArtistsTopSongs/${song.artistSlug}/3`)
      ).json()
    ).data;
    // The last of the artist's top songs: the queue ends with it, so nothing plays after.
    const last = top.at(-1);
    await goTo(`/artistas/${song.artistSlug}`);
    recording = sink.record();
    const play = await session.waitFor(`[aria-label="Tocar prévia de ${last.trackName}"]`, {
      timeout: 20_000,
    });
    await play.click();
    const seen = [];
    const started = await untilNative(
      (s) =>
        nativeState(s) === 'playing' &&
        s.kind === 'file' &&
        /\/media\/audio\/previews\//.test(s.url),
      seen,
      'the preview to play natively',
    );
    const ended = await untilNative(
      (s) => nativeState(s) === 'ended' || nativeState(s) === 'idle',
      seen,
      'the preview to end',
      45_000,
    );
    // Seen by polling over WebDriver, which is slow on a loaded machine: the sink says what was heard.
    const playedFor = (ended - started) / 1000;
    assert.ok(playedFor >= 29.5 && playedFor <= 36, `the preview played for ${playedFor} s`);
    assert.deepEqual(failures(seen), []);
    const positions = seen.filter((s) => s.kind === 'file' && s.positionS != null);
    assert.ok(
      Math.abs(positions.at(-1).durationS - 30) < 0.3,
      `duration ${positions.at(-1).durationS}`,
    );
    // Played once: nothing plays after it (a replay or a retry would be 'playing' again).
    await new Promise((ok) => setTimeout(ok, 2000));
    const quiet = await invoke(session, 'player_status');
    assert.ok(['ended', 'idle'].includes(nativeState(quiet)), JSON.stringify(quiet));
    const heard = await recording.stop();
    recording = null;
    const sound = heard.soundSeconds(started, ended);
    const afterwards = heard.soundSeconds(ended + 500, Date.now());
    console.log(
      `desktop preview: ${playedFor.toFixed(1)} s from start to end; the sink heard ` +
        `${sound.toFixed(1)} s of sound, then ${afterwards.toFixed(1)} s in the next 1.5 s`,
    );
    assert.ok(sound >= 28 && sound <= 30.5, `${sound} s of the preview were heard`);
    assert.equal(afterwards, 0, 'silence after the preview');
    const snapshot = await playerSnapshot(session);
    assert.equal(snapshot.status, 'ended');
    await goTo('/');
  });

  test('a PRO listener logs in through the login modal', async () => {
    await (await session.waitFor('[data-testid="login-button"]')).click();
    await (await session.waitFor('[role="dialog"] input[type="email"]')).type(email);
    await (
      await session.waitFor('[role="dialog"] input[autocomplete="current-password"]')
    ).type(password);
    await (await session.waitFor('[data-testid="auth-submit"]', { text: 'Entrar' })).click();
    const menu = await session.waitFor('[data-testid="profile-menu"]', {
      timeout: 15_000,
    });
    assert.match(await menu.text(), /PRO/);
    assert.equal((await session.find('[data-testid="login-button"]')).length, 0);
    // The welcome toast sits over the header's account menu until it goes: the listener closes it.
    await (await session.waitFor('[data-toast-kind="success"] button', { text: 'Fechar' })).click();
  });

  test('Tocar plays through the native engine, which decodes the stream', async () => {
    await goTo('/ouvir-radio-online');
    const button = await session.waitFor('[data-testid="live-play-button"]', {
      text: 'Tocar',
    });
    await button.click();
    // The native player reports 'playing' once symphonia has decoded audio from the stream.
    const status = await session.until(
      `return window.__TAURI_INTERNALS__.invoke('player_status');`,
      (value) => nativeState(value) === 'playing',
      { timeout: 30_000, what: 'player_status to report playing' },
    );
    assert.match(status.url, new RegExp(`^${station.url}/stream/.+\\.mp3`));
    // The UI's state machine follows the native engine: 'Pausar', live, no preroll for PRO.
    await session.waitFor('[data-testid="live-play-button"]', {
      text: 'Pausar',
    });
    const snapshot = await playerSnapshot(session);
    assert.equal(snapshot.status, 'playing');
    assert.equal(snapshot.ad, null);
    // Still decoding a few seconds later, and the ICY titles arrive (demo songs last 3 s here).
    const later = await session.until(
      `return window.__TAURI_INTERNALS__.invoke('player_status');`,
      (value) => nativeState(value) === 'playing' && !!value.track?.title,
      { timeout: 15_000, what: 'a stream title from the native engine' },
    );
    assert.ok(later.track.streamTitle.length > 0);
  });

  test("'Voltar 30 segundos' plays the recording natively; the media keys seek; 'Ao vivo' returns", async () => {
    // The live page's timeshift controls: the engine offers them on the desktop too.
    const back = await session.waitFor(
      '[data-testid="timeshift-panel"] [data-testid="timeshift-back"]',
      { timeout: 15_000 },
    );
    await back.click();
    // The native player reads the channel's HLS playlist and plays its MP3 segments from 30 s back.
    const seen = [];
    await untilNative(
      (status) =>
        nativeState(status) === 'playing' && status.kind === 'timeshift' && !!status.timeshift,
      seen,
      'the native player on the HLS window',
    );
    const shifted = seen.at(-1);
    assert.match(shifted.url, new RegExp(`^${station.url}/hls/.+\\.m3u8`));
    const behind = shifted.timeshift.endMs - shifted.timeshift.atMs;
    assert.ok(behind > 15_000 && behind < 50_000, `${behind} ms behind live`);
    assert.ok(shifted.timeshift.startMs <= shifted.timeshift.atMs);
    // The instant moves on with what is heard.
    await untilNative(
      (status) => status.timeshift?.atMs > shifted.timeshift.atMs + 2_000,
      seen,
      'the instant heard to move on',
    );
    // The UI follows: behind live, with 'Ao vivo' to go back.
    await session.waitFor('[data-testid="timeshift-panel"] [data-testid="timeshift-go-live"]');
    const snapshot = await playerSnapshot(session);
    assert.equal(snapshot.timeshift.shifted, true);
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, 'desktop-timeshift.png'), await session.screenshot());

    // The media controls can seek (MPRIS CanSeek): 10 s back goes through the UI's player.
    const before = (await invoke(session, 'player_status')).timeshift.atMs;
    execFileSync('playerctl', ['-p', 'onda_fm', 'position', '10-']);
    await untilNative(
      (status) =>
        nativeState(status) === 'playing' &&
        status.timeshift &&
        status.timeshift.atMs < before - 5_000,
      seen,
      'the media keys to seek 10 s back',
    );
    assert.deepEqual(failures(seen), []);

    // 'Ao vivo': the live mount again.
    await (
      await session.waitFor('[data-testid="timeshift-panel"] [data-testid="timeshift-go-live"]')
    ).click();
    await untilNative(
      (status) => nativeState(status) === 'playing' && status.kind === 'live',
      seen,
      'the live mount again',
    );
    assert.match(seen.at(-1).url, new RegExp(`^${station.url}/stream/.+\\.mp3`));
    assert.equal(seen.at(-1).timeshift, null);
  });

  test('the alarm page shows for the PRO listener, and the window is captured', async () => {
    // 'Despertador' in the profile menu (desktop app only) leads to /despertador.
    await (await session.waitFor('[data-testid="profile-menu"]')).click();
    await (await session.waitFor('[role="menuitem"]', { text: 'Despertador' })).click();
    await session.waitFor('[data-testid="alarm-manager"]', { timeout: 15_000 });
    assert.equal(await session.execute('return location.pathname;'), '/despertador');
    assert.equal((await session.find('[data-testid="pro-notice"]')).length, 0);
    const overview = await invoke(session, 'alarm_list');
    assert.ok(Array.isArray(overview.alarms));
    mkdirSync(artifacts, { recursive: true });
    const png = await session.screenshot();
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.ok(png.length > 10_000, `screenshot of ${png.length} bytes`);
    writeFileSync(join(artifacts, 'desktop-alarm.png'), png);
    // Still playing behind the page change.
    assert.equal(nativeState(await invoke(session, 'player_status')), 'playing');
  });
});
