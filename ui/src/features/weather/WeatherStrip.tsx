/**
 * The home weather strip (doc2 §2 Home widgets, §8; HW-01 … HW-03): the current weather where the
 * listener is, the place's name and the air quality. Nothing asks for the location on page load:
 * the strip offers a button, and reads the position at once only when the browser says it was
 * granted before. Weather, place and air quality are asked in parallel, once per page.
 */
import { useRef, type ReactNode } from 'react';
import { Badge, Button, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCurrentLocation,
  IconHistory,
  IconMapPin,
  IconMapPinOff,
  IconRefresh,
} from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import {
  airQueryOptions,
  placeQueryOptions,
  weatherQueryOptions,
  type Coords,
} from './api/weather-api';
import { useLocation } from './location';
import {
  WEATHER_DENIED,
  WEATHER_ERROR_TEXT,
  WEATHER_ERROR_TITLE,
  WEATHER_UNSUPPORTED,
  airQualityLabel,
} from './messages';
import { shownDegrees, temperatureBucket } from './temperature';
import classes from './WeatherStrip.module.css';

/** Air-quality index 1 … 5 → badge colour, green to red. */
const AIR_COLORS = ['green', 'lime', 'yellow', 'orange', 'red'] as const;

const TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** '14h05' in Brasília time, or '' for an unreadable instant. */
function observedTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : TIME.format(date).replace(':', 'h');
}

function StripSkeleton() {
  return (
    <div className={classes.row} aria-busy="true" data-testid="weather-loading">
      <span className="sr-only">Carregando o tempo</span>
      <Skeleton circle height={44} className={classes.noShrink} />
      <div className={classes.skeletonLines}>
        <Skeleton height={22} width={120} radius="sm" />
        <Skeleton height={14} width={180} radius="sm" mt={6} />
      </div>
    </div>
  );
}

function Notice({
  icon,
  color = 'gray',
  title,
  text,
  textOnPhones = true,
  action,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  text?: string;
  /** False: the text is left out on narrow screens (where it would make the strip taller). */
  textOnPhones?: boolean;
  action?: ReactNode;
}) {
  return (
    <div className={classes.row}>
      <ThemeIcon size={44} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <div className={classes.text}>
        <Text fw={800} data-testid="weather-title">
          {title}
        </Text>
        {text && (
          <Text
            size="sm"
            c="dimmed"
            className={textOnPhones ? undefined : classes.wideOnly}
            data-testid="weather-text"
          >
            {text}
          </Text>
        )}
      </div>
      {action}
    </div>
  );
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={onClick}
      className={classes.action}
    >
      Tentar de novo
    </Button>
  );
}

/** The failure notice: 'Erro' with 'Não foi possível obter os dados.' (doc2 §8). */
function Failure({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice
      icon={<IconAlertTriangle size={24} />}
      color="red"
      title={WEATHER_ERROR_TITLE}
      text={WEATHER_ERROR_TEXT}
      action={<RetryButton onClick={onRetry} />}
    />
  );
}

/** Weather, place and air quality at `coords`, asked in parallel. */
function WeatherReport({ coords }: { coords: Coords }) {
  const [weather, place, air] = useQueries({
    queries: [weatherQueryOptions(coords), placeQueryOptions(coords), airQueryOptions(coords)],
  });
  if (weather.isPending) return <StripSkeleton />;
  if (weather.isError) {
    return (
      <Failure
        onRetry={() => {
          void weather.refetch();
          if (place.isError) void place.refetch();
          if (air.isError) void air.refetch();
        }}
      />
    );
  }

  const data = weather.data;
  const degrees = shownDegrees(data.temperature);
  const bucket = temperatureBucket(data.temperature);
  const BucketIcon = bucket.icon;
  const stale = data.stale || place.data?.stale === true || air.data?.stale === true;
  const placeName = place.data
    ? [place.data.name, place.data.state].filter(Boolean).join(', ')
    : null;
  const airLabel = air.data ? airQualityLabel(air.data.index, air.data.label) : null;

  return (
    <div className={classes.row} data-testid="weather-report">
      <ThemeIcon
        size={44}
        radius="xl"
        variant="light"
        color={bucket.color}
        data-testid="weather-icon"
        data-bucket={bucket.name}
        role="img"
        aria-label={bucket.label}
      >
        <BucketIcon size={26} stroke={1.8} />
      </ThemeIcon>
      <div className={classes.reading}>
        <Text component="span" className={classes.temperature} data-testid="weather-temperature">
          {degrees}°C
        </Text>
        <Text component="span" className={classes.description} data-testid="weather-description">
          {data.description}
        </Text>
        <Text component="span" size="xs" c="dimmed" className={classes.details}>
          Sensação {shownDegrees(data.apparentTemperature)}°C · Umidade{' '}
          {number.format(data.humidity)}% · Vento {number.format(data.windSpeed)} km/h
        </Text>
      </div>
      <Group gap="sm" className={classes.meta} wrap="wrap">
        {placeName ? (
          <Text size="sm" fw={700} className={classes.place} data-testid="weather-place">
            <IconMapPin size={16} aria-hidden />
            {placeName}
          </Text>
        ) : place.isPending ? (
          <Skeleton height={16} width={110} radius="sm" />
        ) : null}
        {airLabel && air.data ? (
          <Text size="sm" component="span" className={classes.air}>
            <span className={classes.airLabel}>
              <span className={classes.airLong}>Qualidade do ar</span>
              <span className={classes.airShort} aria-hidden>
                Ar
              </span>
            </span>
            <Badge
              variant="light"
              color={AIR_COLORS[air.data.index - 1] ?? 'gray'}
              radius="sm"
              tt="none"
              size="md"
              data-testid="weather-air"
            >
              {airLabel}
            </Badge>
          </Text>
        ) : air.isPending ? (
          <Skeleton height={20} width={130} radius="sm" />
        ) : null}
        {stale && (
          <Text
            size="xs"
            c="dimmed"
            className={classes.stale}
            data-testid="weather-stale"
            title="O serviço de previsão não respondeu; estes são os últimos dados recebidos."
          >
            <IconHistory size={14} aria-hidden />
            Dados das {observedTime(data.observedAt)}
          </Text>
        )}
      </Group>
    </div>
  );
}

/** The strip, at a fixed height whatever its state, so nothing below it moves. */
export function WeatherStrip() {
  const { state, request } = useLocation();
  const region = useRef<HTMLDivElement>(null);

  const ask = () => {
    // The button gives way to the report: keep the keyboard's place on the strip.
    region.current?.focus();
    request();
  };

  let content: ReactNode;
  switch (state.kind) {
    case 'checking':
    case 'locating':
      content = <StripSkeleton />;
      break;
    case 'idle':
      content = (
        <Notice
          icon={<IconMapPin size={24} />}
          color="onda"
          title="Tempo e qualidade do ar"
          text="Veja como está o tempo onde você está."
          textOnPhones={false}
          action={
            <Button
              variant="light"
              size="sm"
              leftSection={<IconCurrentLocation size={18} aria-hidden />}
              onClick={ask}
              className={classes.action}
              data-testid="weather-ask"
            >
              Ver o tempo
            </Button>
          }
        />
      );
      break;
    case 'denied':
      content = <Notice icon={<IconMapPinOff size={24} />} title={WEATHER_DENIED} />;
      break;
    case 'unsupported':
      content = <Notice icon={<IconMapPinOff size={24} />} title={WEATHER_UNSUPPORTED} />;
      break;
    case 'failed':
      content = <Failure onRetry={request} />;
      break;
    case 'located':
      content = <WeatherReport coords={state.coords} />;
      break;
  }

  return (
    <section
      aria-label="Tempo agora"
      className={classes.strip}
      data-testid="weather-strip"
      data-state={state.kind}
    >
      <div ref={region} tabIndex={-1} aria-live="polite" className={classes.region}>
        {content}
      </div>
    </section>
  );
}
