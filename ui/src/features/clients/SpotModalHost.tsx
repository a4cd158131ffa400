import { useSearchParams } from '@/lib/router';
import { OnDemand } from '@/components/OnDemand/OnDemand';
import { lazyNamed } from '@/lib/lazy';
import { SPOT_PARAM } from './spot-param';

const SpotModal = lazyNamed(() => import('./SpotModal'), 'SpotModal');

/** The spot modal on every page (`?spot=`), fetched the first time a link opens it. */
export function SpotModalHost() {
  const [params] = useSearchParams();
  return (
    <OnDemand when={params.has(SPOT_PARAM)}>
      <SpotModal />
    </OnDemand>
  );
}
