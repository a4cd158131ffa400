import { Alert, Anchor, Button, Card, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import {
  MUSIC_EMPTY_PANEL,
  MUSIC_FIRST_EMPTY_STATUS,
  MUSIC_NO_MORE_TEXT,
  MUSIC_SEARCH_PAUSE_MS,
  musicPath,
  type MusicFilters,
} from './music';
import { musicListInfiniteQueryOptions } from './api/get-music-list';
import classes from './MusicListPage.module.css';

function readFilters(params: URLSearchParams): MusicFilters {
  return {
    letra: params.get('letra') === 'true',
    traducao: params.get('traducao') === 'true',
    video: params.get('video') === 'true',
    busca: params.get('busca') ?? '',
  };
}

/**
 * /musicas (doc2 §2 Music, MU-01..MU-03, C22): filters letra/traducao/video/busca live in the
 * address; the typed text applies 700 ms after the last keystroke; any change starts from offset 0;
 * 'Carregar Mais' appends pages of 20 until one comes back empty.
 */
export function MusicListPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.busca);
  const searchId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The filters last asked for. The address changes at once but the page renders it a little later
  // (a navigation is a transition), so a change made in between (text typed right after a box was
  // ticked) starts from these, not from the render's, or it would undo the one before it.
  const asked = useRef(filters);
  useEffect(() => {
    asked.current = readFilters(params);
  }, [params]);

  const apply = (change: Partial<MusicFilters>) => {
    const next = { ...asked.current, ...change };
    asked.current = next;
    setParams(
      {
        letra: String(next.letra),
        traducao: String(next.traducao),
        video: String(next.video),
        busca: next.busca,
      },
      { replace: true },
    );
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onType = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ busca: value }), MUSIC_SEARCH_PAUSE_MS);
  };

  const list = useInfiniteQuery(musicListInfiniteQueryOptions(filters));
  const items = list.data?.pages.flat() ?? [];
  const firstEmpty = list.isSuccess && items.length === 0;
  const exhausted = list.isSuccess && items.length > 0 && !list.hasNextPage;

  return (
    <PageFrame
      title="Músicas"
      description="Letras, traduções e vídeos das músicas que tocam na programação."
    >
      <Stack gap="sm" mb="lg">
        <div className={classes.search}>
          <label htmlFor={searchId} className={classes.label}>
            Buscar música ou artista
          </label>
          <div className={classes.field}>
            <IconSearch size={16} aria-hidden className={classes.icon} />
            <input
              id={searchId}
              type="text"
              className={classes.input}
              value={text}
              onChange={(event) => onType(event.currentTarget.value)}
              data-testid="music-search"
            />
          </div>
        </div>
        <div className={classes.filters}>
          {(
            [
              ['letra', 'Com letra'],
              ['traducao', 'Com tradução'],
              ['video', 'Com vídeo'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className={classes.check}>
              <input
                type="checkbox"
                checked={filters[key]}
                onChange={(event) => apply({ busca: text, [key]: event.currentTarget.checked })}
              />
              {label}
            </label>
          ))}
        </div>
      </Stack>
      {list.isError && <Alert color="red">Não foi possível carregar as músicas.</Alert>}
      {list.isPending && <Loader aria-label="Carregando músicas" />}
      {firstEmpty && (
        <Stack align="center" data-testid="music-empty">
          <Text c="dimmed">{MUSIC_FIRST_EMPTY_STATUS}</Text>
          <Text fw={700}>{MUSIC_EMPTY_PANEL}</Text>
          <Anchor component={Link} to="/contato">
            Fale conosco
          </Anchor>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {items.map((music) => (
          <Card
            key={music.musicId}
            component={Link}
            to={musicPath(music)}
            withBorder
            radius="md"
            padding="sm"
            data-testid="music-card"
          >
            <Image src={music.itunesCover} alt="" h={120} fit="cover" radius="sm" />
            <Text fw={700} mt="xs" lineClamp={1}>
              {music.musicName}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {music.artistName}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Stack align="center" mt="lg">
        {list.hasNextPage && items.length > 0 && (
          <Button
            variant="light"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Carregar Mais
          </Button>
        )}
        {exhausted && <Text c="dimmed">{MUSIC_NO_MORE_TEXT}</Text>}
      </Stack>
    </PageFrame>
  );
}
