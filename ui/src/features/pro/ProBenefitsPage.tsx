import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Container,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { track } from '@/lib/analytics';
import { FaqSection } from './FaqSection';
import { FeatureSections } from './FeatureSections';
import { PlansSection } from './PlansSection';
import {
  LAUNCH_DISCOUNT,
  LAUNCH_MONTHS,
  PRO_ANALYTICS_CATEGORY,
  PRO_BENEFITS,
  PRO_SCROLL_MS,
  PRO_SECTIONS,
  type ProSectionId,
  sectionDomId,
} from './pro-data';
import { smoothScrollTo } from './smooth-scroll';
import { StoreModal } from './StoreModal';
import classes from './ProBenefitsPage.module.css';

/**
 * /vantagens-da-assinatura-pro (doc3 §2.2, §9; PP-01…PP-06): promo banner, title block whose four
 * icons scroll (700 ms) to their sections, the benefit sections, plans, benefits, FAQ and the store
 * modal behind every 'Assinar agora'. Every interaction is tracked with the category 'pro-page'.
 */
export function ProBenefitsPage() {
  const [storeOpen, setStoreOpen] = useState(false);
  const cancelScroll = useRef<() => void>(() => undefined);

  useEffect(() => () => cancelScroll.current(), []);

  const subscribe = (where: string) => {
    track(PRO_ANALYTICS_CATEGORY, 'subscribe-click', where);
    setStoreOpen(true);
  };

  const scrollTo = (id: ProSectionId) => {
    track(PRO_ANALYTICS_CATEGORY, 'icon-click', id);
    const section = document.getElementById(sectionDomId(id));
    if (!section) return;
    cancelScroll.current();
    cancelScroll.current = smoothScrollTo(section, PRO_SCROLL_MS, () => {
      // Keyboard users continue from the section they asked for.
      document.getElementById(`${sectionDomId(id)}-titulo`)?.focus({ preventScroll: true });
    });
  };

  return (
    <PageFrame
      title="Vantagens da assinatura PRO"
      description="Sem anúncios, streams exclusivos, podcasts PRO, modo escuro e rádio despertador."
    >
      <Box className={classes.banner} data-testid="pro-banner">
        <Box className={classes.bannerText}>
          <Text className={classes.bannerKicker}>Oferta de lançamento</Text>
          <Title order={2} className={classes.bannerTitle}>
            {LAUNCH_DISCOUNT} de desconto nos primeiros {LAUNCH_MONTHS} meses
          </Title>
          <Text className={classes.bannerLead}>
            PRO por R$ 4,95 por mês ou R$ 49,90 por ano. Depois, o preço normal do plano.
          </Text>
        </Box>
        <Button
          size="lg"
          radius="xl"
          variant="white"
          color="dark"
          className={classes.bannerButton}
          onClick={() => subscribe('banner')}
        >
          Assinar agora
        </Button>
      </Box>

      <Box className={classes.titleBlock}>
        <ThemeIcon size={64} radius="xl" variant="gradient" aria-hidden>
          <IconCrown size={36} />
        </ThemeIcon>
        <Title order={2} className={classes.heroTitle}>
          Ouça mais, do seu jeito
        </Title>
        <Text size="lg" c="dimmed" maw={640} ta="center">
          Com a assinatura PRO você tem a rádio sem anúncios, streams e podcasts exclusivos, modo
          escuro e rádio despertador.
        </Text>
        <nav aria-label="Benefícios da assinatura PRO" className={classes.iconNav}>
          {PRO_SECTIONS.map(({ id, label, icon: SectionIcon }) => (
            <UnstyledButton
              key={id}
              className={classes.iconButton}
              onClick={() => scrollTo(id)}
              aria-controls={sectionDomId(id)}
            >
              <span className={classes.iconCircle} aria-hidden>
                <SectionIcon size={30} stroke={1.6} />
              </span>
              <span className={classes.iconLabel}>{label}</span>
            </UnstyledButton>
          ))}
        </nav>
      </Box>

      <Container size="lg" px={0}>
        <FeatureSections onSubscribe={() => subscribe('modo-escuro')} />
      </Container>

      <PlansSection onSubscribe={(plan) => subscribe(plan)} />

      <Box component="section" aria-labelledby="pro-beneficios-titulo" className={classes.section}>
        <Title
          order={2}
          id="pro-beneficios-titulo"
          ta="center"
          className={classes.sectionTitle}
          mb="xl"
        >
          Tudo o que vem com a PRO
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          {PRO_BENEFITS.map(({ title, description, icon: BenefitIcon }) => (
            <Box key={title} className={classes.benefit}>
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                <BenefitIcon size={26} />
              </ThemeIcon>
              <Text fw={700} mt="sm">
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Box>

      <FaqSection />

      <Box className={classes.closing}>
        <Title order={2} className={classes.closingTitle}>
          Pronto para ser PRO?
        </Title>
        <Text>Assine pelo aplicativo e aproveite também aqui no site.</Text>
        <Button
          size="lg"
          radius="xl"
          variant="white"
          color="dark"
          onClick={() => subscribe('rodape')}
        >
          Assinar agora
        </Button>
      </Box>

      <StoreModal opened={storeOpen} onClose={() => setStoreOpen(false)} />
    </PageFrame>
  );
}
