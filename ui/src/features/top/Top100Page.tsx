import {
  ActionIcon,
  Alert,
  Group,
  Image,
  Loader,
  NativeSelect,
  Popover,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { ApiError } from '@/lib/api';
import type { TopItem } from '@/generated/TopItem';
import { top100QueryOptions, top100YearsQueryOptions } from './api/get-top100';
import { TOP100_ARTIST_TRUNCATE, TOP100_NOT_FOUND_TEXT, truncate } from './top';

function ShareBalloon({ item }: { item: TopItem }) {
  const url = `${window.location.origin}/musicas/${item.musicSlug}+${item.artistSlug}`;
  const text = `${item.musicName} - ${item.artistName}`;
  const targets = [
    {
      name: 'facebook',
      icon: IconBrandFacebook,
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    },
    {
      name: 'twitter',
      icon: IconBrandX,
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    },
    {
      name: 'whatsapp',
      icon: IconBrandWhatsapp,
      href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}`,
    },
  ];
  return (
    <Popover position="left" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" aria-label={`Compartilhar ${text}`}>
          <IconShare size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap="xs" data-testid="share-balloon">
          {targets.map(({ name, icon: Icon, href }) => (
            <ActionIcon
              key={name}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={name}
              data-share={name}
            >
              <Icon size={16} aria-hidden />
            </ActionIcon>
          ))}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/** /as-100-mais/{year?} (TP-04, TP-05, G44): year select (latest year by default), 100 items, artist cut at 40. */
export function Top100Page() {
  const { year: param } = useParams();
  const navigate = useNavigate();
  const years = useQuery(top100YearsQueryOptions());
  const validParam = param === undefined || /^\d{1,4}$/.test(param);
  const year = param ?? years.data?.[0]?.tx_ano;
  const list = useQuery({ ...top100QueryOptions(year), enabled: !!year && validParam });
  const notFound = !validParam || (list.error instanceof ApiError && list.error.code === 404);
  if (notFound) {
    return (
      <PageFrame title="As 100 mais" noindex>
        <NotFoundView
          message={TOP100_NOT_FOUND_TEXT}
          backTo="/as-100-mais"
          backLabel="Ver as 100 mais"
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={year ? `As 100 mais de ${year}` : 'As 100 mais'}
      aside={
        years.data ? (
          <NativeSelect
            label="Ano"
            value={year ?? ''}
            data={years.data.map((item) => item.tx_ano)}
            onChange={(event) => void navigate(`/as-100-mais/${event.currentTarget.value}`)}
          />
        ) : undefined
      }
    >
      {(years.isError || list.isError) && (
        <Alert color="red">Não foi possível carregar o ranking.</Alert>
      )}
      {(years.isPending || list.isPending) && <Loader aria-label="Carregando ranking" />}
      <Table striped verticalSpacing="xs">
        <Table.Tbody>
          {(list.data ?? []).map((item) => (
            <Table.Tr key={item.position} data-testid="top100-item">
              <Table.Td w={40}>{item.position}</Table.Td>
              <Table.Td w={56}>
                <Image src={item.albumCoverSmall} alt="" w={40} h={40} radius="sm" />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text
                    component={Link}
                    to={`/musicas/${item.musicSlug}+${item.artistSlug}`}
                    fw={700}
                  >
                    {item.musicName}
                  </Text>
                  <Text size="sm" c="dimmed" title={item.artistName} data-testid="top100-artist">
                    {truncate(item.artistName, TOP100_ARTIST_TRUNCATE)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td w={48}>
                <ShareBalloon item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PageFrame>
  );
}
