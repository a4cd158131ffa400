import { useId, useRef, useState } from 'react';
import { Button, Group, Input, Progress, Text } from '@mantine/core';
import { IconMusicUp, IconReplace, IconTrash, IconX } from '@tabler/icons-react';
import { limits } from '@/generated/validation-rules';
import { CAT_MESSAGES } from '../messages';
import { checkAudioFile, useAudioUpload } from './use-audio-upload';
import shared from '@/features/newsroom/Newsroom.module.css';
import classes from '../Catalogue.module.css';

export interface AudioFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  /** The stored MP3's address ('' = none). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  'data-testid'?: string;
}

/**
 * An MP3 field (a song's preview, a client's spot), the promotions' ImageField for audio: a button
 * (no drop zone: MP3s come from a folder, rarely dragged), a progress bar while it goes, and once
 * stored a player to check it with, replace or remove.
 */
export function AudioField({
  label,
  description,
  required,
  value,
  onChange,
  error,
  'data-testid': testId,
}: AudioFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useAudioUpload();
  const [problem, setProblem] = useState<string | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const shownError = problem ?? error;
  const uploading = upload.state.status === 'uploading' ? upload.state : null;

  const send = async (file: File) => {
    setProblem(null);
    const refused = checkAudioFile(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    const audio = await upload.start(file);
    if (audio) {
      setSeconds(audio.seconds > 0 ? audio.seconds : null);
      onChange(audio.url);
    } else if (upload.lastError.current) setProblem(upload.lastError.current);
  };

  const pick = () => input.current?.click();

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      required={required}
      error={shownError}
      errorProps={{ id: `${id}-error` }}
      data-testid={testId}
    >
      <input
        ref={input}
        type="file"
        accept={limits.AUDIO_ACCEPT}
        className={shared.fileInput}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={shownError ? `${id}-error` : undefined}
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      {uploading ? (
        <div className={shared.coverBox} aria-live="polite">
          <Text size="sm" fw={600} truncate>
            {CAT_MESSAGES.audioUploading}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {uploading.name}
          </Text>
          <Progress
            mt="xs"
            value={uploading.progress === null ? 100 : Math.round(uploading.progress * 100)}
            animated={uploading.progress === null || uploading.progress >= 1}
            striped={uploading.progress === null}
            aria-label={CAT_MESSAGES.audioUploading}
          />
          <Button
            mt="xs"
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={upload.cancel}
          >
            {CAT_MESSAGES.audioCancel}
          </Button>
        </div>
      ) : value ? (
        <div className={shared.coverBox}>
          <audio
            controls
            preload="none"
            src={value}
            className={classes.audio}
            aria-label={label}
            data-testid={testId ? `${testId}-preview` : undefined}
          />
          {seconds !== null && (
            <Text size="xs" c="dimmed" mt={4}>
              {`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}
            </Text>
          )}
          <Group gap="xs" mt="xs" justify="space-between">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReplace size={14} aria-hidden />}
              onClick={pick}
              aria-label={`${CAT_MESSAGES.audioReplace}: ${label}`}
            >
              {CAT_MESSAGES.audioReplace}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`${CAT_MESSAGES.audioRemove}: ${label}`}
              onClick={() => {
                setProblem(null);
                setSeconds(null);
                onChange('');
              }}
            >
              {CAT_MESSAGES.audioRemove}
            </Button>
          </Group>
        </div>
      ) : (
        <div className={shared.dropZone} data-error={shownError ? true : undefined}>
          <IconMusicUp size={28} stroke={1.4} aria-hidden />
          <Text size="sm" c="dimmed" ta="center">
            {CAT_MESSAGES.audioDrop}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={pick}
            aria-label={`${CAT_MESSAGES.audioPick}: ${label}`}
          >
            {CAT_MESSAGES.audioPick}
          </Button>
        </div>
      )}
    </Input.Wrapper>
  );
}
