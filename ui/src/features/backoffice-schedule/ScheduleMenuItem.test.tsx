import { describeMenuItem } from '@/features/backoffice/testing/menu';

describeMenuItem({
  name: 'Grade de programação',
  path: '/a1programacao',
  permission: 7,
  others: [5, 6],
});
