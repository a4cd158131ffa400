import { Chip, Group, Input } from '@mantine/core';
import { normaliseWeekdays } from '../editor/catalogue-form';
import { WEEKDAYS } from '../messages';

export interface WeekdaysFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  /** '1,3,5' (1 = Monday). */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Seven chips, Monday first as the station's week runs; the value is the server's '1,2,3'. Each
 * chip is a checkbox named with the whole day, so a screen reader says 'Segunda-feira'.
 */
export function WeekdaysField({
  label,
  description,
  required,
  error,
  value,
  onChange,
}: WeekdaysFieldProps) {
  const chosen = normaliseWeekdays(value).split(',').filter(Boolean);
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      required={required}
      error={error}
    >
      <Chip.Group
        multiple
        value={chosen}
        onChange={(days) => onChange(normaliseWeekdays(days.join(',')))}
      >
        <Group gap={6} mt={4} role="group" aria-label={label}>
          {WEEKDAYS.map((day) => (
            <Chip key={day.value} value={day.value} size="sm" aria-label={day.name}>
              {day.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
