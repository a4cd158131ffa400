import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TypographyStylesProvider,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconFileText,
  IconMapPin,
  IconPencil,
  IconTrophy,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { openLoginModal } from '@/features/auth/login-modal-store';
import type { Promotion } from '@/generated/Promotion';
import { PROMO_TITLE_MAX } from '@/lib/constants';
import { LOAD_ERROR } from '@/lib/messages';
import { useSession, useSessionStatus } from '@/lib/session';
import { humanizeSlug } from '@/lib/text';
import { isNotFound, promotionQueryOptions } from './api/promotions-api';
import { AnswerPanel } from './AnswerPanel';
import { ProBadge } from './ProBadge';
import {
  ANSWER_BUTTON,
  COMPLETE_PROFILE_TEXT,
  EDIT_PROFILE_PATH,
  formatDate,
  PARTICIPATE_LOGIN_TEXT,
  participationGate,
  PROFILE_INCOMPLETE_TEXT,
  PROMOTION_NOT_FOUND_TEXT,
  RULES_BUTTON,
  WINNERS_BUTTON,
  type ParticipationMode,
} from './promotions';
import { WinnersPanel } from './WinnersPanel';
import classes from './Promotions.module.css';

const CRUMBS = [{ label: 'Promoções', to: '/promocoes' }];

/**
 * /promocoes/{slug} (doc2 §2, §4, §5, §8; PR-05…PR-16): banner, title, description, PRO badge, the
 * dark stage for colour scheme 'D', and three buttons (rules, answer, winners) that each open their
 * panel and close it again. The document title is cut at 40 characters.
 */
export function PromotionPage() {
  const { slug = '' } = useParams();
  const query = useQuery(promotionQueryOptions(slug));

  if (query.isPending) {
    return (
      <PageFrame
        title={humanizeSlug(slug)}
        titleMax={PROMO_TITLE_MAX}
        heading={<Skeleton h={40} w="70%" />}
        breadcrumbs={CRUMBS}
      >
        <Stack gap="md" aria-busy="true" aria-label="Carregando promoção">
          <Skeleton className={classes.banner} />
          <Skeleton h={18} w="50%" />
          <Skeleton h={16} />
          <Skeleton h={16} w="90%" />
          <Skeleton h={16} w="80%" />
        </Stack>
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <PageFrame
        title={notFound ? 'Promoção não encontrada' : 'Promoções'}
        titleMax={PROMO_TITLE_MAX}
        breadcrumbs={CRUMBS}
      >
        {notFound ? (
          <NotFoundView
            message={PROMOTION_NOT_FOUND_TEXT}
            backTo="/promocoes"
            backLabel="Ver todas as promoções"
          />
        ) : (
          <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {LOAD_ERROR}
            <Button
              display="block"
              mt="sm"
              variant="light"
              color="red"
              size="compact-sm"
              loading={query.isRefetching}
              onClick={() => void query.refetch()}
            >
              Tentar de novo
            </Button>
          </Alert>
        )}
      </PageFrame>
    );
  }
  return <PromotionView key={query.data.id_promocao} promotion={query.data} />;
}

type Panel = 'none' | 'rules' | 'answer' | 'winners';

const PANEL_TITLES: Record<Exclude<Panel, 'none'>, string> = {
  rules: 'Regulamento',
  answer: 'Participe',
  winners: 'Ganhadores',
};

function PromotionView({ promotion }: { promotion: Promotion }) {
  const session = useSession();
  const status = useSessionStatus();
  const [panel, setPanel] = useState<Panel>('none');
  const [profileOpen, setProfileOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  const dark = promotion.tx_colorScheme === 'D';
  const gate = participationGate(promotion, session?.user);
  const mode: ParticipationMode =
    panel === 'rules'
      ? 'regulamento'
      : panel === 'winners'
        ? 'verGanhadores'
        : panel === 'answer' && gate.kind === 'open'
          ? gate.mode
          : 'none';

  // The opened panel comes into view (on phones it is below the buttons).
  useEffect(() => {
    if (panel === 'none') return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panelRef.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [panel]);

  const toggle = (next: Exclude<Panel, 'none'>) =>
    setPanel((current) => (current === next ? 'none' : next));

  const onAnswer = () => {
    if (panel === 'answer') {
      setPanel('none');
      return;
    }
    setPanel('answer');
    // doc2 §4: the login modal, or the profile modal (G14), comes with the message.
    if (status === 'unknown') return;
    if (gate.kind === 'login') openLoginModal('login', { notice: PARTICIPATE_LOGIN_TEXT });
    else if (gate.kind === 'profile') setProfileOpen(true);
  };

  const starts = formatDate(promotion.dt_inicio);
  const ends = formatDate(promotion.dt_fim);
  const banner =
    promotion.tx_banner || promotion.tx_banner_destaque || promotion.tx_featuredImageNew;
  const phoneBanner = promotion.tx_featuredImageNew || banner;

  return (
    <PageFrame title={promotion.tx_promocao} titleMax={PROMO_TITLE_MAX} breadcrumbs={CRUMBS}>
      <article
        className={classes.stage}
        data-scheme={dark ? 'dark' : 'light'}
        data-mantine-color-scheme={dark ? 'dark' : undefined}
        data-testid="promotion"
      >
        {banner && (
          <picture className={classes.banner}>
            <source media="(min-width: 48em)" srcSet={banner} />
            <img src={phoneBanner} alt="" />
          </picture>
        )}

        <div className={classes.meta}>
          {promotion.pro && <ProBadge onDark={dark} size="lg" />}
          {promotion.isOpen ? (
            <Badge color="teal" variant={dark ? 'filled' : 'light'} size="lg">
              Aberta
            </Badge>
          ) : (
            <Badge color="gray" variant={dark ? 'filled' : 'light'} size="lg">
              Encerrada
            </Badge>
          )}
          {promotion.filial && (
            <Badge
              color="berry"
              variant={dark ? 'filled' : 'light'}
              size="lg"
              leftSection={<IconMapPin size={12} aria-hidden />}
            >
              {promotion.filial}
            </Badge>
          )}
        </div>

        <div className={classes.layout}>
          <div className={classes.main}>
            <TypographyStylesProvider>
              {/* Sanitised by the server (S11). */}
              <div
                className={classes.description}
                data-testid="promotion-description"
                dangerouslySetInnerHTML={{ __html: promotion.tx_descricao }}
              />
            </TypographyStylesProvider>
          </div>

          <aside className={classes.menu} aria-label="Participação">
            <h2 className={classes.menuTitle}>
              {promotion.isOpen ? 'Participe desta promoção' : 'Promoção encerrada'}
            </h2>
            <div className={classes.menuButtons}>
              <MenuButton
                icon={<IconFileText size={20} aria-hidden />}
                label={RULES_BUTTON}
                active={panel === 'rules'}
                onClick={() => toggle('rules')}
              />
              <MenuButton
                icon={<IconPencil size={20} aria-hidden />}
                label={ANSWER_BUTTON}
                active={panel === 'answer'}
                onClick={onAnswer}
              />
              <MenuButton
                icon={<IconTrophy size={20} aria-hidden />}
                label={WINNERS_BUTTON}
                active={panel === 'winners'}
                onClick={() => toggle('winners')}
              />
            </div>
            {(starts || ends) && (
              <Text className={classes.dates}>
                {promotion.isOpen
                  ? `Participe de ${starts} até ${ends}.`
                  : `Realizada de ${starts} a ${ends}.`}
              </Text>
            )}
          </aside>

          {panel !== 'none' && (
            <div className={classes.main}>
              <section
                id="painel-da-promocao"
                ref={panelRef}
                className={classes.panel}
                aria-labelledby="painel-da-promocao-titulo"
                data-mode={mode}
                data-testid="promotion-panel"
              >
                <h2 id="painel-da-promocao-titulo" className={classes.panelTitle}>
                  {PANEL_TITLES[panel]}
                </h2>
                {panel === 'rules' && <Rules html={promotion.tx_regulamento} />}
                {panel === 'answer' && (
                  <AnswerPanel
                    promotion={promotion}
                    profileModalOpen={profileOpen}
                    onShowWinners={() => setPanel('winners')}
                    onShowRules={() => setRulesOpen(true)}
                  />
                )}
                {panel === 'winners' && <WinnersPanel promotionId={promotion.id_promocao} />}
              </section>
            </div>
          )}
        </div>
      </article>

      <Modal
        opened={profileOpen}
        onClose={() => setProfileOpen(false)}
        title="Complete seu cadastro"
        centered
        radius="lg"
      >
        <Text>{PROFILE_INCOMPLETE_TEXT}</Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setProfileOpen(false)}>
            Agora não
          </Button>
          <Button component={Link} to={EDIT_PROFILE_PATH}>
            {COMPLETE_PROFILE_TEXT}
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={rulesOpen}
        onClose={() => setRulesOpen(false)}
        title="Regulamento"
        size="lg"
        radius="lg"
      >
        <Rules html={promotion.tx_regulamento} />
      </Modal>
    </PageFrame>
  );
}

interface MenuButtonProps {
  icon: ReactNode;
  label: string;
  active: boolean;
  onClick: () => void;
}

/** One of the three toggles: pressed while its panel is open (PR-16). */
function MenuButton({ icon, label, active, onClick }: MenuButtonProps) {
  return (
    <Button
      variant={active ? 'filled' : 'default'}
      radius="md"
      leftSection={icon}
      aria-expanded={active}
      aria-controls={active ? 'painel-da-promocao' : undefined}
      onClick={onClick}
      className={classes.menuButton}
      classNames={{
        inner: classes.menuInner,
        section: classes.menuSection,
        label: classes.menuLabel,
      }}
      fullWidth
    >
      {label}
    </Button>
  );
}

function Rules({ html }: { html: string }) {
  if (!html.trim()) {
    return <Text c="dimmed">O regulamento desta promoção ainda não foi publicado.</Text>;
  }
  return (
    <TypographyStylesProvider>
      {/* Sanitised by the server (S11). */}
      <div
        className={classes.rules}
        data-testid="promotion-rules"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </TypographyStylesProvider>
  );
}
