import { describe, expect, it } from 'vitest';
import { isSafeLink } from './safe-link';

describe('isSafeLink', () => {
  it('takes a path of the site or an https address', () => {
    for (const address of [
      '/ouvir-radio-online?streamId=onda_roma&popup=1',
      '/stream/serra.mp3',
      'https://festival.example/player',
    ])
      expect(isSafeLink(address), address).toBe(true);
  });

  it('refuses scripts, documents, plain http and other hosts written as paths', () => {
    for (const address of [
      '',
      'javascript:alert(document.domain)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example/x',
      'https://',
      'https:evil.example',
      'ouvir-radio-online',
      '/x"onmouseover="alert(1)',
    ])
      expect(isSafeLink(address), address).toBe(false);
  });
});
