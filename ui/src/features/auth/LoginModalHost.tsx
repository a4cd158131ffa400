import { OnDemand } from '@/components/OnDemand/OnDemand';
import { LazyLoginModal } from './login-modal-lazy';
import { useLoginModalState } from './login-modal-store';

/**
 * The login modal in the shell: fetched the first time it opens ('Entrar' fetches it ahead when
 * the pointer or the focus reaches it) and kept afterwards.
 */
export function LoginModalHost() {
  const { opened } = useLoginModalState();
  return (
    <OnDemand when={opened}>
      <LazyLoginModal />
    </OnDemand>
  );
}
