import { afterEach, beforeEach } from 'vitest';
import { describeMenuItem } from '@/features/backoffice/testing/menu';
import { resetSession } from '@/lib/session';

beforeEach(() => resetSession());
afterEach(() => resetSession());

describeMenuItem({ name: 'Pessoas', path: '/a1pessoas', permission: 8, others: [4, 5, 6, 7] });
