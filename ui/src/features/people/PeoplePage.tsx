import { Tabs } from '@mantine/core';
import { IconHistory, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { AuditLog } from './AuditLog';
import { PEOPLE_MESSAGES } from './messages';
import { PeopleGate } from './PeopleGate';
import { PeopleSearch } from './PeopleSearch';

/**
 * /a1pessoas, staff with permission 8: the accounts (search, then a drawer per account
 * with its permissions, PRO and access) and, in a second tab (`?aba=registro`), the audit log of
 * every back-office change.
 */
export function PeoplePage() {
  return (
    <PageFrame title={PEOPLE_MESSAGES.title} description={PEOPLE_MESSAGES.description} noindex>
      <PeopleGate>{(userId) => <People userId={userId} />}</PeopleGate>
    </PageFrame>
  );
}

function People({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === 'registro' ? 'audit' : 'people';
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(value === 'audit' ? { aba: 'registro' } : {}, { replace: true })
      }
      keepMounted={false}
      data-testid="people"
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
          {PEOPLE_MESSAGES.tabPeople}
        </Tabs.Tab>
        <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />}>
          {PEOPLE_MESSAGES.tabAudit}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="people">
        <PeopleSearch userId={userId} />
      </Tabs.Panel>
      <Tabs.Panel value="audit">
        <AuditLog userId={userId} />
      </Tabs.Panel>
    </Tabs>
  );
}
