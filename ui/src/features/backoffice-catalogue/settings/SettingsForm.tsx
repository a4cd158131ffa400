import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  Input,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { Counter, LeaveModal, SaveButton } from '@/features/backoffice/editor/EditorParts';
import { useEditorForm, useSaveShortcut } from '@/features/backoffice/editor/use-editor-form';
import { ImageField } from '@/features/backoffice/fields/ImageField';
import { failureText } from '@/features/backoffice/form';
import type { AppParameters } from '@/generated/AppParameters';
import { limits, messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { CATALOGUE_IMAGES, useSaveSettings } from '../api/catalogue-api';
import { CAT_MESSAGES } from '../messages';
import {
  settingsValues,
  toParameters,
  validateSettings,
  type SettingsErrors,
  type SettingsValues,
} from './settings-form';
import classes from '../Catalogue.module.css';
import shared from '@/features/backoffice/Backoffice.module.css';

const same = (a: SettingsValues, b: SettingsValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The station's parameters in four panels (logo and top bar, maintenance, preroll ads, tests and
 * campaigns): one column on a phone, two at 1280 px, 'Salvar' stuck to the bottom on a phone.
 */
export function SettingsForm({ userId, params }: { userId: number; params: AppParameters }) {
  const form = useEditorForm<SettingsValues, SettingsErrors>({
    initial: () => settingsValues(params),
    noErrors: {},
    same,
  });
  const { values, errors, set, guard, formRef } = form;
  const save = useSaveSettings(userId);
  const narrow = useBreakpoint().width < BREAKPOINT_MD;

  const submit = () => {
    if (save.isPending) return;
    const sent = form.valuesRef.current;
    if (!form.accept(validateSettings(sent), false)) return;
    save.mutate(toParameters(sent), {
      onSuccess: (stored) => {
        form.rebase(settingsValues(stored), sent);
        toast.success(messages.SETTINGS_SAVED);
      },
      onError: (error) => {
        // The server's 400 is one of the SETTINGS_* sentences: shown as it is.
        toast.error(
          error instanceof ApiError && error.code === 400
            ? error.message
            : failureText(error, CAT_MESSAGES.saveError, CAT_MESSAGES),
        );
      },
    });
  };
  useSaveShortcut(submit);

  const textField = (key: 'barText' | 'barTitle' | 'logoAlt', label: string, hint?: string) => (
    <TextInput
      label={label}
      description={hint}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={errors[key]}
      rightSection={<Counter text={values[key]} max={limits.SETTINGS_TEXT_MAX} />}
      rightSectionWidth={72}
    />
  );

  return (
    <>
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
        aria-label={CAT_MESSAGES.settings}
        data-testid="settings-form"
      >
        <div className={classes.settingsGrid}>
          <section className={shared.panel} aria-labelledby="settings-bar">
            <Text component="h2" id="settings-bar" className={shared.panelTitle} mb="md">
              {CAT_MESSAGES.headerBar}
            </Text>
            <Stack gap="md">
              {textField('barText', CAT_MESSAGES.barText)}
              {textField('barTitle', CAT_MESSAGES.barTitle, CAT_MESSAGES.barTitleHint)}
              <TextInput
                label={CAT_MESSAGES.barLink}
                description={CAT_MESSAGES.barLinkHint}
                value={values.barLink}
                onChange={(event) => set('barLink', event.currentTarget.value)}
                error={errors.barLink}
                required
              />
              <Group grow align="flex-start" gap="sm" wrap="wrap">
                <ColorInput
                  label={CAT_MESSAGES.gradientFrom}
                  description={CAT_MESSAGES.colorHint}
                  format="hex"
                  fixOnBlur={false}
                  value={values.gradientFrom}
                  onChange={(color) => set('gradientFrom', color)}
                  error={errors.gradientFrom}
                  miw={150}
                />
                <ColorInput
                  label={CAT_MESSAGES.gradientTo}
                  description={CAT_MESSAGES.colorHint}
                  format="hex"
                  fixOnBlur={false}
                  value={values.gradientTo}
                  onChange={(color) => set('gradientTo', color)}
                  error={errors.gradientTo}
                  miw={150}
                />
              </Group>
              <div
                className={classes.barPreview}
                style={{
                  background: `linear-gradient(90deg, ${values.gradientFrom}, ${values.gradientTo})`,
                }}
                aria-hidden
              >
                {values.barText}
              </div>
            </Stack>
          </section>

          <section className={shared.panel} aria-labelledby="settings-logo">
            <Text component="h2" id="settings-logo" className={shared.panelTitle} mb="md">
              {CAT_MESSAGES.logo}
            </Text>
            <Stack gap="md">
              <ImageField
                label={CAT_MESSAGES.logoImage}
                value={values.logoUrl}
                onChange={(url) => set('logoUrl', url)}
                error={errors.logoUrl}
                uploads={CATALOGUE_IMAGES}
                data-testid="settings-logo"
              />
              {textField('logoAlt', CAT_MESSAGES.logoAlt, CAT_MESSAGES.logoAltHint)}
            </Stack>
          </section>

          <section className={shared.panel} aria-labelledby="settings-maintenance">
            <Text component="h2" id="settings-maintenance" className={shared.panelTitle} mb="md">
              {CAT_MESSAGES.maintenance}
            </Text>
            <Switch
              label={CAT_MESSAGES.maintenanceLabel}
              description={CAT_MESSAGES.maintenanceHint}
              checked={values.maintenance}
              onChange={(event) => set('maintenance', event.currentTarget.checked)}
            />
          </section>

          <section className={shared.panel} aria-labelledby="settings-preroll">
            <Text component="h2" id="settings-preroll" className={shared.panelTitle} mb="md">
              {CAT_MESSAGES.preroll}
            </Text>
            <Stack gap="md">
              <TextInput
                label={CAT_MESSAGES.adManagerUrl}
                description={CAT_MESSAGES.adHint}
                type="url"
                value={values.adManagerUrl}
                onChange={(event) => set('adManagerUrl', event.currentTarget.value)}
                error={errors.adManagerUrl}
              />
              <TextInput
                label={CAT_MESSAGES.targetingUrl}
                description={CAT_MESSAGES.adHint}
                type="url"
                value={values.targetingUrl}
                onChange={(event) => set('targetingUrl', event.currentTarget.value)}
                error={errors.targetingUrl}
              />
            </Stack>
          </section>

          <section className={`${shared.panel} ${classes.wide}`} aria-labelledby="settings-tests">
            <Text component="h2" id="settings-tests" className={shared.panelTitle} mb="md">
              {CAT_MESSAGES.tests}
            </Text>
            <Stack gap="md">
              <TagsInput
                label={CAT_MESSAGES.enabledTests}
                description={CAT_MESSAGES.enabledTestsHint}
                value={values.enabledTests}
                onChange={(tests) => set('enabledTests', tests)}
                error={errors.enabledTests}
                clearable
                splitChars={[',', ' ']}
              />
              <CampaignRows
                rows={values.campaigns}
                error={errors.campaigns}
                onChange={(rows) => set('campaigns', rows)}
              />
            </Stack>
          </section>
        </div>
        <div className={narrow ? shared.saveBar : classes.saveRow} data-testid="save-bar">
          <SaveButton saving={save.isPending} fullWidth={narrow} />
        </div>
      </form>
      <LeaveModal guard={guard} text={CAT_MESSAGES.leaveText} />
    </>
  );
}

/** Campaign code → stream, one row each, labelled per row for a screen reader. */
function CampaignRows({
  rows,
  error,
  onChange,
}: {
  rows: SettingsValues['campaigns'];
  error?: string;
  onChange: (rows: SettingsValues['campaigns']) => void;
}) {
  const change = (index: number, patch: Partial<SettingsValues['campaigns'][number]>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Input.Wrapper
      label={CAT_MESSAGES.campaignStreams}
      labelElement="div"
      description={CAT_MESSAGES.campaignStreamsHint}
      error={error}
    >
      <Stack gap="xs" mt={6} data-testid="campaign-rows">
        {rows.map((row, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={`${CAT_MESSAGES.campaign} ${index + 1}`}
              value={row.campaign}
              onChange={(event) => change(index, { campaign: event.currentTarget.value })}
              error={Boolean(error)}
              flex={1}
              miw={0}
            />
            <TextInput
              label={`${CAT_MESSAGES.stream} ${index + 1}`}
              value={row.stream}
              onChange={(event) => change(index, { stream: event.currentTarget.value })}
              error={Boolean(error)}
              flex={1}
              miw={0}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${CAT_MESSAGES.removeCampaign} ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rows, { campaign: '', stream: '' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {CAT_MESSAGES.addCampaign}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
