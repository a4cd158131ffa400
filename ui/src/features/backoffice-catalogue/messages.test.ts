import { describe, expect, it } from 'vitest';
import { messages } from '@/generated/validation-rules';
import { fillMessage, newItemLabel } from './messages';

describe('the desk texts', () => {
  it.each([
    ['artista', 'Novo artista'],
    ['álbum', 'Novo álbum'],
    ['música', 'Nova música'],
    ['lista', 'Nova lista'],
    ['programa', 'Novo programa'],
    ['afiliada', 'Nova afiliada'],
    ['parceiro', 'Novo parceiro'],
    ['cliente', 'Novo cliente'],
    ['spot', 'Novo spot'],
    ['pergunta', 'Nova pergunta'],
    ['texto', 'Novo texto'],
    ['frase', 'Nova frase'],
    ['jornalista', 'Novo jornalista'],
    ['editoria', 'Nova editoria'],
    ['tag', 'Nova tag'],
    ['lista do ano', 'Nova lista do ano'],
  ])("'%s' → '%s'", (singular, label) => {
    expect(newItemLabel(singular)).toBe(label);
  });

  it('fills the CATALOGUE_* templates with the label and the limits', () => {
    const field = { label: 'Nome', max: 100, min: 1 };
    expect(fillMessage(messages.CATALOGUE_TOO_LONG, field)).toBe(
      'O campo Nome deve ter no máximo 100 caracteres',
    );
    expect(fillMessage(messages.CATALOGUE_RANGE, field)).toBe(
      'O campo Nome deve estar entre 1 e 100',
    );
  });
});
