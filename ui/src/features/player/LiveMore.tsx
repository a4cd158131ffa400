/**
 * The live page below its hero (doc1 §2, G35): the channels, the last played and the latest news. A
 * chunk of its own, drawn after the hero (LivePage.tsx): on a phone none of it is on the first
 * screen.
 */
import { Box, Title } from '@mantine/core';
import { LastPlayedList } from './components/LastPlayedList';
import { LiveNewsSlot } from './components/LiveNewsSlot';
import { StreamChooser } from './components/StreamChooser';

export function LiveMore() {
  return (
    <>
      <Box component="section" aria-labelledby="live-streams-title">
        <Title order={2} size="h3" id="live-streams-title" mb="md">
          Escolha o seu canal
        </Title>
        <StreamChooser />
      </Box>

      <Box component="section" aria-labelledby="live-history-title">
        <Title order={2} size="h3" id="live-history-title" mb="md">
          Últimas tocadas
        </Title>
        <LastPlayedList />
      </Box>

      <LiveNewsSlot />
    </>
  );
}
