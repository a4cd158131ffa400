import { describe, expect, it } from 'vitest';
import { podcastPageUrl } from './other-podcasts';

describe('podcastPageUrl', () => {
  it("is the recording's page at the player host", () => {
    expect(
      podcastPageUrl(
        'https://player-widget.mixcloud.com/widget/iframe/?feed=%2Fonda%2Fpapo%2F&hide_cover=1',
      ),
    ).toBe('https://www.mixcloud.com/onda/papo/');
    expect(podcastPageUrl('https://player.example/?feed=https%3A%2F%2Fhost.example%2Fx%2F')).toBe(
      'https://host.example/x/',
    );
  });

  it('is the widget itself when it names no page', () => {
    expect(podcastPageUrl('https://player.example/embed/1')).toBe('https://player.example/embed/1');
    expect(podcastPageUrl('não é endereço')).toBe('não é endereço');
  });
});
