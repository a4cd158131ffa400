import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconMusicUp } from '@tabler/icons-react';
import { limits } from '@/generated/validation-rules';
import { BACKOFFICE_MESSAGES } from '../messages';
import { checkAudioFile, useAudioUpload, type AudioUploads } from './upload';
import { UploadField } from './UploadField';
import classes from '../Backoffice.module.css';

const TEXTS = {
  uploading: BACKOFFICE_MESSAGES.audioUploading,
  drop: BACKOFFICE_MESSAGES.audioDrop,
  pick: BACKOFFICE_MESSAGES.audioPick,
  replace: BACKOFFICE_MESSAGES.audioReplace,
  remove: BACKOFFICE_MESSAGES.audioRemove,
};

export interface AudioFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  /** The stored MP3's address ('' = none). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  /** The desk's upload call and words (POST backoffice/audio). */
  uploads: AudioUploads;
  'data-testid'?: string;
}

/**
 * An MP3 field (a song's preview, a client's spot), the picture field for audio: a button (no drop
 * zone: MP3s come from a folder, rarely dragged), a progress bar while it goes, and once stored a
 * player to check it with, replace or remove.
 */
export function AudioField({
  label,
  description,
  required,
  value,
  onChange,
  error,
  uploads,
  'data-testid': testId,
}: AudioFieldProps) {
  const upload = useAudioUpload(uploads);
  const [seconds, setSeconds] = useState<number | null>(null);
  return (
    <UploadField
      label={label}
      description={description}
      required={required}
      value={value}
      error={error}
      accept={limits.AUDIO_ACCEPT}
      upload={upload}
      check={checkAudioFile}
      onUploaded={(audio) => {
        setSeconds(audio.seconds > 0 ? audio.seconds : null);
        onChange(audio.url);
      }}
      onRemove={() => {
        setSeconds(null);
        onChange('');
      }}
      texts={TEXTS}
      icon={<IconMusicUp size={28} stroke={1.4} aria-hidden />}
      preview={
        <>
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
        </>
      }
      previewClassName={classes.coverBox}
      testIds={{
        field: testId,
        input: testId ? `${testId}-input` : undefined,
      }}
    />
  );
}
