import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { Promotion } from '@/generated/Promotion';
import { ProBadge } from './ProBadge';
import { formatDate, SLIDER_AUTOPLAY_MS } from './promotions';
import classes from './Promotions.module.css';

/** A horizontal swipe at least this long changes the slide. */
const SWIPE_MIN_PX = 40;

function prefersReducedMotion(): boolean {
  return Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

/**
 * The open promotions as a slider (doc2 §2; the WAI carousel pattern): one slide at a time, previous
 * and next buttons, one button per slide, swipe on touch screens, and a rotation every
 * {@link SLIDER_AUTOPLAY_MS} that pauses while the pointer or the focus is inside, stops for good with
 * the pause button, and never starts for visitors who prefer reduced motion.
 */
export function FeaturedSlider({ promotions }: { promotions: Promotion[] }) {
  const count = promotions.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const active = Math.min(index, count - 1);
  const rotating = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setIndex((current) => (current + 1) % count),
      SLIDER_AUTOPLAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, active, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const distance = event.clientX - from;
    if (Math.abs(distance) >= SWIPE_MIN_PX) go(active + (distance < 0 ? 1 : -1));
  };

  if (count === 0) return null;

  return (
    <div
      className={classes.slider}
      role="region"
      aria-roledescription="carrossel"
      aria-label="Promoções em destaque"
      data-testid="featured-slider"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className={classes.slides}
        // Announces the slide a visitor moves to, but not the automatic rotation.
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        {promotions.map((promotion, position) => (
          <Slide
            key={promotion.id_promocao}
            promotion={promotion}
            position={position}
            count={count}
            active={position === active}
          />
        ))}
      </div>

      {count > 1 && (
        <div className={classes.controls}>
          <ActionIcon
            variant="default"
            radius="xl"
            size="lg"
            aria-label="Promoção anterior"
            onClick={() => go(active - 1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <ul className={classes.dots}>
            {promotions.map((promotion, position) => (
              <li key={promotion.id_promocao}>
                <button
                  type="button"
                  className={classes.dot}
                  aria-label={`Mostrar a promoção ${position + 1}: ${promotion.tx_promocao}`}
                  aria-current={position === active}
                  onClick={() => go(position)}
                />
              </li>
            ))}
          </ul>
          <ActionIcon
            variant="default"
            radius="xl"
            size="lg"
            aria-label="Próxima promoção"
            onClick={() => go(active + 1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            radius="xl"
            size="lg"
            aria-label={playing ? 'Pausar a troca automática' : 'Retomar a troca automática'}
            onClick={() => setPlaying((current) => !current)}
          >
            {playing ? (
              <IconPlayerPause size={18} aria-hidden />
            ) : (
              <IconPlayerPlay size={18} aria-hidden />
            )}
          </ActionIcon>
        </div>
      )}
    </div>
  );
}

interface SlideProps {
  promotion: Promotion;
  position: number;
  count: number;
  active: boolean;
}

function Slide({ promotion, position, count, active }: SlideProps) {
  // The 16:9 picture beside the text, never under it: a station's banners carry their own lettering.
  const wide = promotion.tx_featuredImageNew || promotion.tx_banner_destaque || promotion.tx_banner;
  const until = formatDate(promotion.dt_fim);
  const to = `/promocoes/${promotion.url_promocao}`;
  return (
    <div
      className={classes.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} de ${count}`}
      data-active={active}
      aria-hidden={!active}
      inert={!active}
      data-testid="featured-slide"
    >
      <div className={classes.slideMedia}>
        {wide && <img src={wide} alt="" loading={position === 0 ? 'eager' : 'lazy'} />}
      </div>
      <div className={classes.slideBody}>
        <Group gap="xs">
          <Text component="span" className={classes.slideKicker}>
            Promoção aberta
          </Text>
          {promotion.pro && <ProBadge onDark size="sm" />}
        </Group>
        <h3 className={classes.slideTitle}>{promotion.tx_promocao}</h3>
        {promotion.tx_descricao_curta && (
          <p className={classes.slideText}>{promotion.tx_descricao_curta}</p>
        )}
        {until && (
          <Text component="span" size="sm" c="gray.4">
            Participe até <time dateTime={promotion.dt_fim.slice(0, 10)}>{until}</time>
          </Text>
        )}
        <Button
          component={Link}
          to={to}
          size="md"
          variant="gradient"
          className={classes.slideCta}
          rightSection={<IconArrowRight size={18} aria-hidden />}
          aria-label={`Participar: ${promotion.tx_promocao}`}
        >
          Participar
        </Button>
      </div>
    </div>
  );
}
