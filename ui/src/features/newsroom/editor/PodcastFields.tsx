import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { podcastsQueryOptions } from '@/features/podcasts/api/podcasts-api';
import { NEWSROOM_MESSAGES } from '../messages';

export interface PodcastFieldsProps {
  /** '' = no show. */
  showId: string;
  episode: string;
  showError?: string;
  episodeError?: string;
  onShow: (value: string) => void;
  onEpisode: (value: string) => void;
}

/** An item that is a podcast episode: its show and the episode's key at the player host. */
export function PodcastFields({
  showId,
  episode,
  showError,
  episodeError,
  onShow,
  onEpisode,
}: PodcastFieldsProps) {
  const shows = useQuery(podcastsQueryOptions());
  const options = (shows.data ?? []).map((show) => ({
    value: String(show.id),
    label: show.name,
  }));
  // A show removed since the item was written is still named, so saving does not drop it.
  if (showId && !options.some((option) => option.value === showId))
    options.push({ value: showId, label: `Podcast nº ${showId}` });

  return (
    <>
      <Select
        label={NEWSROOM_MESSAGES.podcastShowLabel}
        placeholder={NEWSROOM_MESSAGES.podcastShowPlaceholder}
        data={options}
        value={showId || null}
        onChange={(value) => onShow(value ?? '')}
        error={showError}
        clearable
        searchable
        nothingFoundMessage="Nenhum podcast"
        data-testid="field-podcast-show"
      />
      {showId && (
        <TextInput
          label={NEWSROOM_MESSAGES.podcastIdLabel}
          description={NEWSROOM_MESSAGES.podcastIdHint}
          value={episode}
          onChange={(event) => onEpisode(event.currentTarget.value)}
          error={episodeError}
        />
      )}
    </>
  );
}
