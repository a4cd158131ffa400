import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  IconCalendarTime,
  IconExternalLink,
  IconEye,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import type { NewsDraft } from '@/generated/NewsDraft';
import { DeleteModal, SaveButton, Unsaved } from '@/features/backoffice/editor/EditorParts';
import { formatStaffDate } from '@/features/backoffice/format';
import { NEWSROOM_MESSAGES } from '../messages';
import { StateBadge } from '../StateBadge';
import type { NewsErrors, PublishMode } from './news-form';
import classes from '@/features/backoffice/Backoffice.module.css';

export interface PublishPanelProps {
  /** The item as last saved; null for a new one. */
  draft: NewsDraft | null;
  mode: PublishMode;
  scheduleAt: string;
  errors: NewsErrors;
  dirty: boolean;
  saving: boolean;
  deleting: boolean;
  onMode: (mode: PublishMode) => void;
  onScheduleAt: (value: string) => void;
  onPreview: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
}

/**
 * 'Publicação': where the item stands, how it goes out (draft, now, at a date on Brasília's clock),
 * 'Salvar' (the form's submit), 'Prévia', 'Ver no site' for a public item, 'Despublicar' for one
 * that is out or scheduled, and 'Excluir' behind a confirmation.
 */
export function PublishPanel({
  draft,
  mode,
  scheduleAt,
  errors,
  dirty,
  saving,
  deleting,
  onMode,
  onScheduleAt,
  onPreview,
  onUnpublish,
  onDelete,
}: PublishPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const live = draft?.shownState === 'published';
  const modes: { value: PublishMode; label: string }[] = [
    { value: 'draft', label: NEWSROOM_MESSAGES.modeDraft },
    { value: 'now', label: live ? NEWSROOM_MESSAGES.modePublished : NEWSROOM_MESSAGES.modeNow },
    { value: 'schedule', label: NEWSROOM_MESSAGES.modeSchedule },
    // Only an item taken down is in this mode; choosing another one puts it back.
    ...(draft?.state === 'unpublished'
      ? [{ value: 'unpublished' as const, label: NEWSROOM_MESSAGES.modeUnpublished }]
      : []),
  ];
  const canUnpublish =
    draft !== null && (draft.shownState === 'published' || draft.shownState === 'scheduled');

  return (
    <section className={classes.panel} aria-labelledby="publish-title" data-testid="publish-panel">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text component="h2" id="publish-title" className={classes.panelTitle}>
          {NEWSROOM_MESSAGES.publishing}
        </Text>
        {draft && <StateBadge state={draft.shownState} />}
      </Group>
      <Text size="xs" c="dimmed" mt={4} data-testid="updated-at">
        {draft ? (
          <>
            {NEWSROOM_MESSAGES.updatedAt}{' '}
            <time dateTime={draft.updatedAt}>{formatStaffDate(draft.updatedAt)}</time>
          </>
        ) : (
          NEWSROOM_MESSAGES.notSavedYet
        )}
        {dirty && <Unsaved />}
      </Text>

      <Stack gap="sm" mt="md">
        <SegmentedControl
          aria-label={NEWSROOM_MESSAGES.publishMode}
          fullWidth
          size="xs"
          value={mode}
          data={modes}
          onChange={(value) => onMode(value as PublishMode)}
          data-testid="publish-mode"
        />
        {mode === 'schedule' && (
          <TextInput
            type="datetime-local"
            label={NEWSROOM_MESSAGES.scheduleLabel}
            description={NEWSROOM_MESSAGES.scheduleHint}
            leftSection={<IconCalendarTime size={16} aria-hidden />}
            value={scheduleAt}
            onChange={(event) => onScheduleAt(event.currentTarget.value)}
            error={errors.scheduleAt}
            required
            data-testid="schedule-at"
          />
        )}
        {mode === 'now' && !live && (
          <Text size="xs" c="dimmed">
            Ao salvar, a notícia entra no site na hora.
          </Text>
        )}

        <SaveButton saving={saving} fullWidth={false} />
        <Text size="xs" c="dimmed" ta="center" visibleFrom="sm" mt={-6}>
          {NEWSROOM_MESSAGES.shortcut}
        </Text>
        <Group grow gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={onPreview}
            disabled={saving}
          >
            {NEWSROOM_MESSAGES.preview}
          </Button>
          {draft && live && (
            <Button
              component="a"
              href={draft.url}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {NEWSROOM_MESSAGES.viewOnSite}
            </Button>
          )}
        </Group>
        {draft && (
          <Group justify="space-between" gap="xs" mt={4}>
            {canUnpublish ? (
              <Button
                variant="subtle"
                color="orange"
                size="xs"
                leftSection={<IconPlayerStop size={14} aria-hidden />}
                onClick={onUnpublish}
                disabled={saving}
              >
                {NEWSROOM_MESSAGES.unpublish}
              </Button>
            ) : (
              <span />
            )}
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={saving}
            >
              {NEWSROOM_MESSAGES.delete}
            </Button>
          </Group>
        )}
      </Stack>

      <DeleteModal
        opened={confirming}
        title={NEWSROOM_MESSAGES.deleteTitle}
        text={NEWSROOM_MESSAGES.deleteText}
        name={draft?.title ?? ''}
        deleting={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </section>
  );
}
