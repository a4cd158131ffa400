import { lazyNamed } from '@/lib/lazy';

/** The login/registration modal's chunk (its five screens and their validation). */
export const LazyLoginModal = lazyNamed(() => import('./LoginModal'), 'LoginModal');
