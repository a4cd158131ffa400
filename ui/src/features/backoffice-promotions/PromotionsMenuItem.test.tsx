import { afterEach, beforeEach } from 'vitest';
import { describeMenuItem } from '@/features/backoffice/testing/menu';
import { resetSession } from '@/lib/session';

beforeEach(() => resetSession());
afterEach(() => resetSession());

describeMenuItem({ name: 'Promoções', path: '/a1promocoes', permission: 6, others: [4, 5, 7, 8] });
