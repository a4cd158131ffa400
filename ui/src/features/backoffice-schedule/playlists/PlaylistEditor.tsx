import { Group, NumberInput, Textarea, TextInput } from '@mantine/core';
import {
  DeleteConfirm,
  ItemEditorFrame,
  PanelDelete,
  PanelSave,
  SaveButton,
  StatusPanel,
} from '@/features/backoffice/editor/EditorParts';
import {
  useDeleteAction,
  useItemEditor,
  useSaveShortcut,
} from '@/features/backoffice/editor/use-editor-form';
import type { EditorComponentProps } from '@/features/backoffice/editor/create-editor-page';
import type { Playlist } from '@/generated/Playlist';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { useDeletePlaylist, useSavePlaylist } from '../api/schedule-api';
import { PLAYLISTS_PATH, playlistPath, SCHEDULE_MESSAGES as M } from '../messages';
import {
  fieldOfPlaylistMessage,
  newPlaylistValues,
  samePlaylistValues,
  toPlaylistInput,
  validatePlaylist,
  valuesFromPlaylist,
  type PlaylistErrors,
  type PlaylistFormValues,
} from './playlist-form';
import { TracksField } from './TracksField';
import backoffice from '@/features/backoffice/Backoffice.module.css';
import classes from '../Schedule.module.css';

const FAILURE = {
  fieldOf: fieldOfPlaylistMessage,
  saveError: M.saveError,
  texts: M,
};

/** The rotation rules: each a whole number with what it means under it. */
const RULES = [
  {
    key: 'songSeparationMinutes',
    label: M.songSeparation,
    hint: M.songSeparationHint,
    suffix: M.minutes,
  },
  {
    key: 'artistSeparationMinutes',
    label: M.artistSeparation,
    hint: M.artistSeparationHint,
    suffix: M.minutes,
  },
  { key: 'jingleEvery', label: M.jingleEvery, hint: M.jingleEveryHint, suffix: '' },
] as const;

/**
 * The playlist editor: name, description, the rotation rules and the tracks on the left; a sticky
 * panel on the right at 1280 px (what is stored, Salvar, Excluir), one column on a phone with
 * 'Salvar' stuck to the bottom. The kit's behaviour: Ctrl/Cmd+S, the 409 alert, the unsaved-changes
 * guard.
 */
export function PlaylistEditor({
  userId,
  draft: loaded,
  onReload,
}: EditorComponentProps<Playlist>) {
  const form = useItemEditor<Playlist, PlaylistFormValues, PlaylistErrors>(loaded, {
    initial: () => (loaded ? valuesFromPlaylist(loaded) : newPlaylistValues()),
    noErrors: {},
    same: samePlaylistValues,
  });
  const { values, errors, set, guard, draft } = form;
  const save = useSavePlaylist(userId);
  const remove = useDeletePlaylist(userId);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;

  const submit = () => {
    if (save.isPending) return;
    const sent = form.valuesRef.current;
    if (!form.accept(validatePlaylist(sent))) return;
    const before = draft;
    save.mutate(
      { id: before?.id ?? null, input: toPlaylistInput(sent, before) },
      {
        onSuccess: (saved) => {
          toast.success(M.playlistSaved);
          // A new playlist moves to its own address, where the editor starts again from the
          // stored copy (already cached).
          if (!before) guard.leave(playlistPath(saved.id), { replace: true });
          else form.stored(saved, valuesFromPlaylist(saved), sent);
        },
        onError: (error) => form.failed(error, FAILURE),
      },
    );
  };
  useSaveShortcut(submit);

  // A 409 is the playlist still in use by slots or channels: the server's sentence says which.
  const deletion = useDeleteAction({
    id: draft?.id,
    remove,
    guard,
    deleted: M.playlistDeleted,
    listPath: PLAYLISTS_PATH,
    texts: M,
  });

  return (
    <ItemEditorFrame
      form={form}
      texts={{ staleTitle: M.playlistStaleTitle, reload: M.reload, leaveText: M.leaveText }}
      staleMessage={M.playlistStale}
      onReload={onReload}
      onSave={submit}
      label={draft ? M.editPlaylist : M.newPlaylist}
      data-testid="playlist-editor"
      main={
        <>
          <TextInput
            label={M.name}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            size="md"
            data-testid="field-name"
          />
          <Textarea
            label={M.descriptionLabel}
            description={M.descriptionHint}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
            maxRows={6}
          />
          <fieldset className={backoffice.fieldset}>
            <legend className={backoffice.legend}>{M.rules}</legend>
            <div className={classes.rules}>
              {RULES.map((rule) => (
                <NumberInput
                  key={rule.key}
                  label={rule.label}
                  description={rule.hint}
                  value={values[rule.key]}
                  onChange={(value) => set(rule.key, value)}
                  error={errors[rule.key]}
                  min={0}
                  step={rule.suffix ? 5 : 1}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={rule.suffix ? ` ${rule.suffix}` : undefined}
                  required
                  data-testid={`field-${rule.key}`}
                />
              ))}
            </div>
          </fieldset>
          <TracksField
            userId={userId}
            tracks={values.tracks}
            onChange={(tracks) => set('tracks', tracks)}
          />
        </>
      }
      sideLabel={M.details}
      saveBar={narrow && <SaveButton saving={save.isPending} />}
      side={
        <StatusPanel
          titleId="playlist-status-title"
          title={M.situation}
          badge={null}
          dirty={form.dirty}
          summary={draft ? M.tracksCount(draft.tracks.length) : M.notSavedYet}
        >
          {!narrow && <PanelSave saving={save.isPending} />}
          {draft && (
            <Group justify="flex-end">
              <PanelDelete label={M.delete} onClick={deletion.ask} disabled={save.isPending} />
            </Group>
          )}
        </StatusPanel>
      }
    >
      <DeleteConfirm
        action={deletion}
        title={M.deletePlaylistTitle}
        text={M.deletePlaylistText}
        name={draft?.name ?? ''}
      />
    </ItemEditorFrame>
  );
}
