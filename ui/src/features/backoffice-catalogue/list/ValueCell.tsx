import { Badge, ColorSwatch, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconMusic, IconPhotoOff } from '@tabler/icons-react';
import { imageWidthUrl } from '@/features/backoffice/format';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { FieldSpec } from '@/generated/FieldSpec';
import { CAT_MESSAGES } from '../messages';
import { weekdaysText } from '../spec-helpers';
import shared from '@/features/backoffice/Backoffice.module.css';

/** The thumbnail's width on the list: the smallest stored rendition. */
const THUMB_WIDTH = 320;
/** Longer texts are cut in a cell (the editor shows them whole). */
const CELL_TEXT_MAX = 80;

function cut(text: string): string {
  const chars = [...text];
  return chars.length > CELL_TEXT_MAX ? `${chars.slice(0, CELL_TEXT_MAX - 1).join('')}…` : text;
}

/** One listed field of an item, drawn by its kind: pictures as thumbnails, switches as badges. */
export function ValueCell({ field, item }: { field: FieldSpec; item: CatalogueItem }) {
  const value = item.values[field.key];
  const label = item.labels[field.key];
  const testId = `cell-${field.key}-${item.id}`;
  switch (field.kind) {
    case 'image':
      if (typeof value !== 'string' || !value)
        return (
          <span className={shared.thumb} data-empty data-testid={testId}>
            <IconPhotoOff size={20} stroke={1.5} aria-hidden />
            <VisuallyHidden>{CAT_MESSAGES.noPicture}</VisuallyHidden>
          </span>
        );
      return (
        <img
          className={shared.thumb}
          src={imageWidthUrl(value, THUMB_WIDTH)}
          alt={`${field.label}: ${item.title}`}
          loading="lazy"
          decoding="async"
          width={96}
          height={54}
          data-testid={testId}
        />
      );
    case 'boolean':
      return (
        <Badge
          variant="light"
          color={value === true ? 'teal' : 'gray'}
          size="sm"
          data-testid={testId}
        >
          {value === true ? CAT_MESSAGES.yes : CAT_MESSAGES.no}
        </Badge>
      );
    case 'audio':
      return value ? (
        <span data-testid={testId}>
          <IconMusic size={18} aria-hidden />
          <VisuallyHidden>{CAT_MESSAGES.hasAudio}</VisuallyHidden>
        </span>
      ) : null;
    case 'reference':
      return <span data-testid={testId}>{typeof label === 'string' ? label : ''}</span>;
    case 'songList': {
      const titles = Array.isArray(label) ? label : [];
      return (
        <span data-testid={testId} title={titles.join('\n')}>
          {CAT_MESSAGES.songs(Array.isArray(value) ? value.length : titles.length)}
        </span>
      );
    }
    case 'textList':
    case 'sourceList':
      return <span data-testid={testId}>{cut(Array.isArray(value) ? value.join(', ') : '')}</span>;
    case 'color':
      return typeof value === 'string' && value ? (
        <Group gap={6} wrap="nowrap" data-testid={testId}>
          <ColorSwatch color={value} size={16} aria-hidden />
          <Text span size="sm">
            {value}
          </Text>
        </Group>
      ) : (
        <span data-testid={testId} />
      );
    case 'weekdays':
      return (
        <span data-testid={testId}>{weekdaysText(typeof value === 'string' ? value : '')}</span>
      );
    case 'select': {
      const option = field.options.find((candidate) => candidate.value === value);
      return (
        <span data-testid={testId}>
          {option?.label ?? (typeof value === 'string' ? value : '')}
        </span>
      );
    }
    case 'html':
      return (
        <Text span size="sm" data-testid={testId}>
          {cut(
            (typeof value === 'string' ? value : '')
              .replace(/<[^>]*>/g, ' ')
              .replace(/\s+/g, ' ')
              .trim(),
          )}
        </Text>
      );
    default:
      return (
        <span data-testid={testId}>
          {value === null || value === undefined ? '' : cut(String(value))}
        </span>
      );
  }
}
