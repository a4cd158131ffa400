import { useState } from 'react';
import { Button, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MODAL_Z_INDEX } from '@/lib/layers';
import type { HuntWin } from '@/generated/HuntWin';
import { ChestArt } from './ChestArt';
import { closePrizeModal, useHuntState } from './hunt-store';
import { HUNT_TEXTS } from './hunt-texts';
import { HuntShareButtons } from './HuntShareButtons';
import classes from './HuntOverlays.module.css';

function PrizeContent({ win }: { win: HuntWin }) {
  const [sharing, setSharing] = useState(false);
  const name = win.prizeName || win.tx_nome;

  return (
    <Stack gap="md" align="center" ta="center">
      <div className={classes.prizeHero} aria-hidden>
        <span className={classes.confetti} />
        <ChestArt open size={150} className={classes.prizeChest} />
      </div>
      <Text className={classes.prizeKicker}>Você encontrou o baú do tesouro e ganhou</Text>
      {win.prizeImage && (
        <Image
          src={win.prizeImage}
          alt={name}
          w={160}
          h={160}
          radius="md"
          fit="cover"
          className={classes.prizeImage}
        />
      )}
      <Title order={3} className={classes.prizeName} data-testid="hunt-prize-name">
        {name}
      </Title>
      {win.prizeDescription && <Text c="dimmed">{win.prizeDescription}</Text>}
      <Text size="sm" className={classes.prizeMail}>
        <IconMail size={18} aria-hidden />
        <span>Enviamos um e-mail com as instruções para receber o seu prêmio.</span>
      </Text>

      {sharing ? (
        <Stack gap="sm" w="100%" data-testid="hunt-share-step">
          <Text fw={700}>Compartilhe a conquista com os amigos e volte a caçar!</Text>
          <HuntShareButtons prizeName={name} />
          <Button variant="default" fullWidth onClick={closePrizeModal}>
            Fechar
          </Button>
        </Stack>
      ) : (
        <Button size="md" fullWidth onClick={() => setSharing(true)} data-autofocus>
          {HUNT_TEXTS.understood}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The congratulations modal (doc3 §2.7, §4.4; HT-08): the prize's name, description and picture;
 * 'ok, entendi' reveals the Facebook, Twitter and WhatsApp share buttons and a close button (the
 * only one: Escape and a click outside close it too).
 */
export function PrizeModal() {
  const { win, modalOpen } = useHuntState();
  return (
    <Modal
      opened={modalOpen && !!win}
      onClose={closePrizeModal}
      title="Parabéns!"
      centered
      radius="lg"
      size="md"
      zIndex={MODAL_Z_INDEX}
      withCloseButton={false}
      classNames={{ header: classes.prizeHeader, title: classes.prizeTitle }}
      transitionProps={{ transition: 'pop' }}
    >
      {win && <PrizeContent key={win.idLog} win={win} />}
    </Modal>
  );
}
