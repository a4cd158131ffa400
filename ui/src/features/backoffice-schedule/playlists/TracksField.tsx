import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Input, Loader, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowDown,
  IconArrowUp,
  IconFile,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import type { PlaylistTrack } from '@/generated/PlaylistTrack';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { trackCandidatesQueryOptions } from '../api/schedule-api';
import { SCHEDULE_MESSAGES as M } from '../messages';
import { trackKey } from './playlist-form';
import classes from '../Schedule.module.css';

/** The shortest search the candidates' call is asked with. */
const MIN_QUERY = 2;

/** 'Sem áudio': the radio has no audio for the track, so the autoDJ skips it. */
function Unplayable() {
  return (
    <Badge size="xs" color="orange" variant="light" title={M.unplayableHint}>
      {M.unplayable}
    </Badge>
  );
}

/** A music-folder file rather than a catalogue song. */
function FileMark({ track }: { track: PlaylistTrack }) {
  if (track.songId !== null) return null;
  return <IconFile size={14} aria-label={M.musicFile} style={{ flex: 'none' }} />;
}

/**
 * A playlist's tracks: a search of the catalogue's songs and the music folder that adds one at the
 * end, then the list in order, each with up, down (buttons, so the keyboard can reorder) and remove.
 */
export function TracksField({
  userId,
  tracks,
  onChange,
}: {
  userId: number;
  tracks: PlaylistTrack[];
  onChange: (tracks: PlaylistTrack[]) => void;
}) {
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const moving = tracks[index];
    const other = tracks[target];
    if (!moving || !other) return;
    const next = [...tracks];
    next[index] = other;
    next[target] = moving;
    onChange(next);
  };
  const inList = new Set(tracks.map(trackKey));

  return (
    <Input.Wrapper
      label={M.tracks}
      description={M.tracksHint}
      labelElement="div"
      data-testid="tracks-field"
    >
      <TrackSearch
        userId={userId}
        inList={inList}
        onAdd={(track) => onChange([...tracks, track])}
      />
      <Text size="sm" fw={600} mt="md" aria-live="polite" data-testid="tracks-count">
        {M.tracksCount(tracks.length)}
      </Text>
      {tracks.length === 0 ? (
        <Text size="sm" c="dimmed" my="xs">
          {M.noTracks}
        </Text>
      ) : (
        <ol className={classes.trackList} aria-label={M.tracks} data-testid="track-list">
          {tracks.map((track, index) => (
            <li
              key={trackKey(track)}
              className={classes.track}
              data-unplayable={!track.playable || undefined}
            >
              <span className={classes.trackRank} aria-hidden>
                {index + 1}
              </span>
              <FileMark track={track} />
              <span className={classes.trackText}>{track.label}</span>
              {!track.playable && <Unplayable />}
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={M.trackUp(track.label)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={M.trackDown(track.label)}
                  disabled={index === tracks.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={M.trackRemove(track.label)}
                  onClick={() => onChange(tracks.filter((_, at) => at !== index))}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ol>
      )}
    </Input.Wrapper>
  );
}

/** The search box and its candidates (up to 50, the server's), asked once typing pauses. */
function TrackSearch({
  userId,
  inList,
  onAdd,
}: {
  userId: number;
  inList: Set<string>;
  onAdd: (track: PlaylistTrack) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const candidates = useQuery({
    ...trackCandidatesQueryOptions(userId, query),
    enabled: query.length >= MIN_QUERY,
  });

  return (
    <div>
      <TextInput
        mt="xs"
        type="search"
        label={M.searchTracks}
        description={M.searchTracksHint}
        placeholder={M.searchTracksPlaceholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        // Enter searches at once; it must not submit (save) the playlist.
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            setQuery(text.trim());
          }
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={candidates.isFetching ? <Loader size="xs" /> : null}
        data-testid="track-search"
      />
      {query.length >= MIN_QUERY && (
        <div aria-live="polite">
          {candidates.isError ? (
            <Text size="sm" c="red.7" mt="xs">
              {M.searchError}
            </Text>
          ) : candidates.data && candidates.data.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {M.noCandidates}
            </Text>
          ) : candidates.data ? (
            <ul className={classes.candidates} data-testid="track-candidates">
              {candidates.data.map((candidate) => {
                const added = inList.has(trackKey(candidate));
                return (
                  <li key={trackKey(candidate)} className={classes.candidate}>
                    <FileMark track={candidate} />
                    <span className={classes.trackText}>{candidate.label}</span>
                    {!candidate.playable && <Unplayable />}
                    <Button
                      size="compact-xs"
                      variant={added ? 'subtle' : 'light'}
                      leftSection={added ? null : <IconPlus size={12} aria-hidden />}
                      disabled={added}
                      aria-label={added ? undefined : M.addTrack(candidate.label)}
                      onClick={() => onAdd(candidate)}
                    >
                      {added ? M.alreadyIn : M.add}
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      )}
    </div>
  );
}
