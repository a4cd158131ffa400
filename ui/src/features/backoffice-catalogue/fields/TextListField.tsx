import { Textarea } from '@mantine/core';

export interface TextListFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  max: number;
  value: string[];
  onChange: (entries: string[]) => void;
}

/**
 * A list of short texts (a client's 'Cidade/UF'), one per line: quicker to type and to paste than
 * rows of inputs, and one labelled box for a screen reader. Blank lines are dropped when saving.
 */
export function TextListField({
  label,
  description,
  required,
  error,
  max,
  value,
  onChange,
}: TextListFieldProps) {
  const filled = value.filter((entry) => entry.trim() !== '').length;
  const hint = `Uma por linha, até ${max}.`;
  return (
    <Textarea
      label={label}
      description={description ? `${description.replace(/[.;:]?$/, '.')} ${hint}` : hint}
      required={required}
      error={error}
      value={value.join('\n')}
      onChange={(event) => onChange(event.currentTarget.value.split('\n'))}
      autosize
      minRows={3}
      maxRows={12}
      rightSection={
        <span aria-hidden style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
          {filled}/{max}
        </span>
      }
      rightSectionWidth={56}
    />
  );
}
