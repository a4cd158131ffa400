import { useQuery } from '@tanstack/react-query';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { lazyNamed } from '@/lib/lazy';
import { huntInfoQueryOptions } from './api/hunt-api';
import { useHuntState } from './hunt-store';
import { useHuntEngine } from './useHuntEngine';

// Shown only while a hunt runs (the banner with its chest art) or to a winner (chest, modal):
// chunks of their own, so a visit without a hunt does not download them.
const HuntBanner = lazyNamed(() => import('./HuntBanner'), 'HuntBanner');
const HuntChest = lazyNamed(() => import('./HuntChest'), 'HuntChest');
const PrizeModal = lazyNamed(() => import('./PrizeModal'), 'PrizeModal');

/**
 * The treasure hunt on every page (doc3 §2.7, §4.4), mounted once by the shell: the engine (hunt
 * info, reserved prize, page views), the banner, the closed chest and the prize modal.
 */
export function HuntOverlays() {
  useHuntEngine();
  const { win, modalOpen } = useHuntState();
  const { data: hunt } = useQuery(huntInfoQueryOptions());
  return (
    <>
      <OnDemand when={!!hunt}>
        <HuntBanner />
      </OnDemand>
      <OnDemand when={win?.status === 'reserved'}>
        <HuntChest />
      </OnDemand>
      <OnDemand when={modalOpen && !!win}>
        <PrizeModal />
      </OnDemand>
    </>
  );
}
