import {
  Alert,
  Autocomplete,
  Card,
  Image,
  ScrollArea,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import type { ArtistEntry } from '@/generated/ArtistEntry';
import { albumsDoMomentoQueryOptions } from './api/get-albums-do-momento';
import { artistsQueryOptions } from './api/get-artists';
import { ARTIST_NOT_FOUND_SEARCH, searchArtists } from './artists';

function Slider({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section aria-label={label} data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {label}
      </Title>
      <ScrollArea type="auto" offsetScrollbars>
        <Group wrap="nowrap" gap="md" pb="xs">
          {children}
        </Group>
      </ScrollArea>
    </section>
  );
}

function ArtistCard({ artist }: { artist: ArtistEntry }) {
  return (
    <Card
      component={Link}
      to={`/artistas/${artist.Url}`}
      withBorder
      radius="md"
      padding="xs"
      w={150}
      miw={150}
      data-testid="artist-card"
    >
      <Image src={artist.Img} alt="" h={126} radius="sm" />
      <Text fw={700} size="sm" mt={4} lineClamp={1}>
        {artist.Nam}
      </Text>
    </Card>
  );
}

/** /artistas (doc2 §2 Artists, AR-01, AR-02): search with suggestions, result and all-artists sliders, albums do momento. */
export function ArtistsPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const artists = useQuery(artistsQueryOptions());
  const albums = useQuery(albumsDoMomentoQueryOptions());
  const all = artists.data ?? [];
  const suggestions = searchArtists(all, query).slice(0, 8);
  const results = searchArtists(all, searched);
  const featured = all.filter((artist) => artist.Ver);

  return (
    <PageFrame title="Artistas" description="Conheça os artistas que tocam na programação.">
      <Stack gap="xl">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setSearched(query);
          }}
        >
          <Autocomplete
            label="Buscar artista"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(value) => {
              setQuery(value);
              setSearched(value);
            }}
            data={suggestions.map((artist) => ({ value: artist.Url, label: artist.Nam }))}
            filter={({ options }) => options}
            onOptionSubmit={(slug) => void navigate(`/artistas/${slug}`)}
            data-testid="artist-search"
          />
        </form>
        {artists.isError && <Alert color="red">Não foi possível carregar os artistas.</Alert>}
        {searched.trim() !== '' &&
          (results.length > 0 ? (
            <Slider label="Resultado da busca" testId="artist-results">
              {results.map((artist) => (
                <ArtistCard key={artist.Id} artist={artist} />
              ))}
            </Slider>
          ) : (
            artists.isSuccess && (
              <Text data-testid="artist-no-match">{ARTIST_NOT_FOUND_SEARCH}</Text>
            )
          ))}
        <Slider label="Artistas" testId="artist-slider">
          {artists.isPending &&
            Array.from({ length: 5 }, (_, i) => <Skeleton key={i} w={150} h={170} />)}
          {featured.map((artist) => (
            <ArtistCard key={artist.Id} artist={artist} />
          ))}
        </Slider>
        <Slider label="Álbuns do momento" testId="albums-slider">
          {albums.isPending &&
            Array.from({ length: 5 }, (_, i) => <Skeleton key={i} w={150} h={170} />)}
          {(albums.data ?? []).map((album) => (
            <Card
              key={album.albumId}
              component={Link}
              to={`/artistas/${album.artistSlug}`}
              withBorder
              radius="md"
              padding="xs"
              w={150}
              miw={150}
            >
              <Image src={album.albumCoverSmall} alt="" h={126} radius="sm" />
              <Text fw={700} size="sm" mt={4} lineClamp={1}>
                {album.albumName}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {album.artistName} · {album.albumRelease}
              </Text>
            </Card>
          ))}
        </Slider>
      </Stack>
    </PageFrame>
  );
}
