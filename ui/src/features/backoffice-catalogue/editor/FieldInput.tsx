import {
  Anchor,
  ColorInput,
  Group,
  NumberInput,
  Select,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconBrandYoutube, IconClock } from '@tabler/icons-react';
import { Counter } from '@/features/backoffice/editor/EditorParts';
import { AudioField } from '@/features/backoffice/fields/AudioField';
import { ImageField } from '@/features/backoffice/fields/ImageField';
import { RichTextField } from '@/features/backoffice/fields/RichTextField';
import { youtubeId } from '@/features/backoffice/format';
import type { FieldSpec } from '@/generated/FieldSpec';
import { CATALOGUE_AUDIO, CATALOGUE_IMAGES } from '../api/catalogue-api';
import { ReferenceSelect } from '../fields/ReferenceSelect';
import { SongListField } from '../fields/SongListField';
import { TextListField } from '../fields/TextListField';
import { WeekdaysField } from '../fields/WeekdaysField';
import { CAT_MESSAGES } from '../messages';
import type { FieldValue } from './catalogue-form';

export interface FieldInputProps {
  userId: number;
  field: FieldSpec;
  value: FieldValue;
  /** The display names of the ids in `value` (reference, song list). */
  label: string | string[] | undefined;
  error?: string;
  onChange: (value: FieldValue, label?: string | string[]) => void;
}

const str = (value: FieldValue) => (typeof value === 'string' ? value : '');

/**
 * One field of the generic editor, its input chosen by its kind; label, help, required mark and
 * error come from the descriptor, so every input is labelled and a field added on the server shows
 * up here with its rules.
 */
export function FieldInput({ userId, field, value, label, error, onChange }: FieldInputProps) {
  const common = {
    label: field.label,
    description: field.help || undefined,
    required: field.required,
    error,
    'data-testid': `field-${field.key}`,
  };
  const text = str(value);

  switch (field.kind) {
    case 'text':
    case 'identifier':
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            // Stream ids are lower case: what is typed becomes what the server accepts.
            onChange(field.kind === 'identifier' ? typed.toLowerCase() : typed);
          }}
          autoCapitalize={field.kind === 'identifier' ? 'none' : undefined}
          spellCheck={field.kind === 'identifier' ? false : undefined}
          rightSection={field.max > 0 ? <Counter text={text} max={field.max} /> : undefined}
          rightSectionWidth={field.max >= 1000 ? 96 : 72}
        />
      );
    case 'multiline':
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
          rightSection={field.max > 0 ? <Counter text={text} max={field.max} /> : undefined}
          rightSectionWidth={field.max >= 1000 ? 96 : 72}
        />
      );
    case 'html':
      return (
        <RichTextField
          {...common}
          initialHtml={text}
          onChange={(html) => onChange(html)}
          media={CATALOGUE_IMAGES}
          minHeight={200}
        />
      );
    case 'image':
      return (
        <ImageField
          label={field.label}
          description={field.help || undefined}
          value={text}
          onChange={(url) => onChange(url)}
          error={error}
          uploads={CATALOGUE_IMAGES}
          data-testid={common['data-testid']}
        />
      );
    case 'audio':
      return (
        <AudioField
          {...common}
          value={text}
          onChange={(url) => onChange(url)}
          uploads={CATALOGUE_AUDIO}
        />
      );
    case 'url':
    case 'email':
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : 'url'}
          inputMode={field.kind === 'email' ? 'email' : 'url'}
          placeholder={field.kind === 'url' ? 'https://' : undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'link':
      // A path of the site is not a URL to the browser's own check, so this is a text input.
      return (
        <TextInput
          {...common}
          inputMode="url"
          placeholder="/… ou https://"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'youTube': {
      const id = /^[\w-]{11}$/.test(text) ? text : null;
      return (
        <div>
          <TextInput
            {...common}
            description={field.help || CAT_MESSAGES.youTubeHint}
            value={text}
            // A pasted address becomes its id, the value the server keeps.
            onChange={(event) => {
              const typed = event.currentTarget.value;
              onChange(typed.length > 11 ? (youtubeId(typed) ?? typed) : typed);
            }}
            leftSection={<IconBrandYoutube size={16} aria-hidden />}
            spellCheck={false}
          />
          {id && (
            <Anchor
              href={`https://www.youtube.com/watch?v=${id}`}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              mt={6}
              display="inline-block"
              data-testid={`field-${field.key}-video`}
            >
              <img
                src={`https://i.ytimg.com/vi/${id}/mqdefault.jpg`}
                alt={CAT_MESSAGES.youTubeOpen}
                width={160}
                height={90}
                loading="lazy"
                style={{ display: 'block', borderRadius: 4 }}
              />
            </Anchor>
          )}
        </div>
      );
    }
    case 'integer':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          clampBehavior="none"
          inputMode="numeric"
        />
      );
    case 'boolean':
      return (
        <Switch
          label={field.label}
          description={field.help || undefined}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          data-testid={common['data-testid']}
        />
      );
    case 'time':
      return (
        <TextInput
          {...common}
          description={field.help || CAT_MESSAGES.timeHint}
          placeholder="HH:MM"
          inputMode="numeric"
          maxLength={5}
          value={text}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            // '0930' becomes '09:30': a phone's numeric keyboard has no colon.
            onChange(/^\d{4}$/.test(typed) ? `${typed.slice(0, 2)}:${typed.slice(2)}` : typed);
          }}
          leftSection={<IconClock size={16} aria-hidden />}
          w={{ base: '100%', xs: 200 }}
        />
      );
    case 'weekdays':
      return (
        <WeekdaysField
          label={field.label}
          description={field.help || undefined}
          required={field.required}
          error={error}
          value={text}
          onChange={(days) => onChange(days)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={text || null}
          onChange={(next) => onChange(next ?? '')}
          placeholder={CAT_MESSAGES.choose}
          clearable={!field.required}
          allowDeselect={!field.required}
          searchable={field.options.length > 10}
          nothingFoundMessage={CAT_MESSAGES.nothingFound}
        />
      );
    case 'reference':
      return (
        <ReferenceSelect
          {...common}
          userId={userId}
          collection={field.reference ?? ''}
          value={typeof value === 'number' ? value : null}
          valueLabel={typeof label === 'string' ? label : ''}
          onChange={(id, title) => onChange(id, title)}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          value={text}
          onChange={(color) => onChange(color)}
          format="hex"
          placeholder="#RRGGBB"
        />
      );
    case 'textList':
    case 'sourceList':
      return (
        <TextListField
          label={field.label}
          description={field.help || undefined}
          required={field.required}
          error={error}
          max={field.max}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(entries) => onChange(entries)}
        />
      );
    case 'songList':
      return (
        <SongListField
          userId={userId}
          label={field.label}
          description={field.help || undefined}
          required={field.required}
          error={error}
          max={field.max}
          ids={Array.isArray(value) ? (value as number[]) : []}
          titles={Array.isArray(label) ? label : []}
          onChange={(ids, titles) => onChange(ids, titles)}
        />
      );
    default:
      // A kind this build does not know yet: its value shown, untouched, and sent back as it was.
      return (
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {field.label}
          </Text>
          <Text size="sm" c="dimmed">
            {JSON.stringify(value)}
          </Text>
        </Group>
      );
  }
}
