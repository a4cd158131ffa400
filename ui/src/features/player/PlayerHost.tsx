/**
 * Mounted once by the app layout: feeds the player what React knows (station profile, app
 * parameters, session, stream lists), starts the services around it, and shows the preroll frame.
 *
 * - The public stream list is loaded at start (doc1 §4 "Other shell behaviour"); with a session
 *   the PRO list too, applied and re-selected 200 ms after it loads, and fetched again on login,
 *   logout and PRO changes (its query key holds the user and the PRO flag).
 * - `?streamId=` is applied on start; otherwise `utm_source` through `campaignStreams` (G07). Both
 *   go through the login and PRO checks.
 * - The preroll is asked for as soon as the listener is known not to be PRO (C33).
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@/lib/router';
import { useAppParameters } from '@/lib/app-parameters';
import { useSession, useSessionStatus } from '@/lib/session';
import { useStation } from '@/lib/station';
import { FALLBACK_STATION_NAME } from '@/lib/constants';
import { availableStreamsQueryOptions, proStreamsQueryOptions } from './api/live-api';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { lazyNamed } from '@/lib/lazy';
import { usePlayer } from './hooks';
import { isBehindLive } from './player-machine';
import { getPlayerRuntime, setPlayerNavigator, startPlayerServices } from './player-runtime';

// The preroll's frame: a chunk of its own, fetched while the ad is being asked for (the frame
// shows from 'starting' on).
const AdOverlay = lazyNamed(() => import('./components/AdOverlay'), 'AdOverlay');
// What was on air at the instant heard behind live: followed from the first time the listener
// goes back (the timeshift controls' chunk).
const TimeshiftOnAirSync = lazyNamed(() => import('./components/Timeshift'), 'TimeshiftOnAirSync');

function AdOverlayHost() {
  const state = usePlayer();
  return (
    <>
      <OnDemand when={!!state.ad}>
        <AdOverlay />
      </OnDemand>
      <OnDemand when={isBehindLive(state)}>
        <TimeshiftOnAirSync />
      </OnDemand>
    </>
  );
}

export function PlayerHost() {
  const runtime = getPlayerRuntime();
  const { player, preroll } = runtime;
  const navigate = useNavigate();
  const { search } = useLocation();
  const startSearch = useRef(search);
  const startApplied = useRef(false);
  const { station } = useStation();
  const stationName = useRef(FALLBACK_STATION_NAME);
  useEffect(() => {
    stationName.current = station?.name || FALLBACK_STATION_NAME;
  }, [station?.name]);
  const parameters = useAppParameters();
  const session = useSession();
  const sessionStatus = useSessionStatus();
  const loggedIn = sessionStatus === 'unknown' ? null : session !== null;
  const isPro = sessionStatus === 'unknown' ? null : !!session?.user.isPro;

  const streams = useQuery(availableStreamsQueryOptions());
  const proStreams = useQuery({
    ...proStreamsQueryOptions(String(session?.user.userId ?? ''), !!isPro, session?.token),
    enabled: loggedIn === true,
  });

  useEffect(() => {
    setPlayerNavigator((path) => void navigate(path));
    return () => setPlayerNavigator(null);
  }, [navigate]);

  useEffect(
    () => startPlayerServices(runtime, { stationName: () => stationName.current }),
    [runtime],
  );

  const mainStreamId = station?.mainStreamId ?? null;
  useEffect(() => {
    player.setMainStreamId(mainStreamId);
    // Until a stream is selected (or when the stream list cannot be loaded), what is on air is the
    // main stream's.
    if (mainStreamId && !player.getSnapshot().stream) runtime.nowPlaying.setMetaId(mainStreamId);
  }, [player, runtime, mainStreamId]);

  useEffect(() => player.setAccess({ loggedIn, isPro }), [player, loggedIn, isPro]);

  // The public list, at start and again after a logout (or until the PRO list arrives).
  const publicList = streams.data;
  const proList = loggedIn === true ? proStreams.data : undefined;
  useEffect(() => {
    if (publicList && !proList) player.setStreams(publicList);
  }, [player, publicList, proList]);
  useEffect(() => {
    if (proList) player.setProStreams(proList);
  }, [player, proList]);
  const listFailed = streams.isError && !publicList;
  useEffect(() => player.setStreamsUnavailable(listFailed), [player, listFailed]);

  // The preroll: known not PRO + the app parameters' ad tags (an empty URL means no ad).
  const adTags = parameters.data?.preroll;
  const parametersSettled = parameters.isSuccess || parameters.isError;
  useEffect(() => {
    preroll.setEligibility({
      isPro: parametersSettled ? isPro : null,
      urls: [adTags?.adManagerUrl ?? '', adTags?.targetingUrl ?? ''],
    });
  }, [preroll, isPro, parametersSettled, adTags?.adManagerUrl, adTags?.targetingUrl]);

  // The start choice: ?streamId= first, else a campaign's utm_source (G07).
  const campaignStreams = parameters.data?.campaignStreams;
  useEffect(() => {
    if (startApplied.current) return;
    const query = new URLSearchParams(startSearch.current);
    const requested = query.get('streamId');
    if (requested) {
      startApplied.current = true;
      if (query.get('popup') === '1') player.setPopupWindow(requested);
      else player.requestStartStream(requested);
      return;
    }
    const campaign = query.get('utm_source');
    if (!campaign) {
      startApplied.current = true;
      return;
    }
    if (!parametersSettled) return;
    startApplied.current = true;
    const mapped = campaignStreams?.[campaign];
    if (mapped) player.requestStartStream(mapped);
  }, [player, parametersSettled, campaignStreams]);

  return <AdOverlayHost />;
}
