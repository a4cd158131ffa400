import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBroadcast,
  IconCheck,
  IconCopy,
  IconKey,
  IconKeyOff,
  IconPlayerStop,
  IconVinyl,
} from '@tabler/icons-react';
import type { LiveSourceChannel } from '@/generated/LiveSourceChannel';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDisconnect, useNewPassword, useRemovePassword } from './api/live-api';
import { formatDateTime, type SourceServer } from './format';
import { ConfirmModal, NewPasswordModal } from './LiveModals';
import { LIVE_MESSAGES, SOURCE_USER } from './messages';
import classes from './Live.module.css';

/** The desk's words, then the server's reason when it gave one (its messages are Portuguese). */
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.httpStatus >= 400 && error.message
    ? `${fallback} ${error.message}`
    : fallback;

/** A value an operator types into the encoder, with a button to copy it. */
function Copyable({ value, what }: { value: string; what: string }) {
  return (
    <span className={classes.copyable}>
      <code className={classes.value}>{value}</code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? LIVE_MESSAGES.copied : LIVE_MESSAGES.copy} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={LIVE_MESSAGES.copyWhat(what)}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Which password the encoder must send, in words. */
function passwordText(channel: LiveSourceChannel): string | null {
  if (channel.ownPassword) {
    const since = formatDateTime(channel.passwordSetAt);
    return since ? LIVE_MESSAGES.ownPasswordSince(since) : LIVE_MESSAGES.ownPassword;
  }
  return channel.stationPassword ? LIVE_MESSAGES.stationPassword : null;
}

/**
 * The mount a source is on as the encoder's settings name it: the server records the bare name
 * (`onda_1.mp3`) and lists the channel's paths (`/stream/onda_1.mp3`).
 */
function mountPath(channel: LiveSourceChannel, mount: string): string {
  return channel.mounts.find((path) => path.endsWith(`/${mount}`)) ?? mount;
}

type Asking = 'disconnect' | 'replace' | 'remove' | null;

/**
 * One channel: whether a source is on air (and which), what an operator types into the encoder, and
 * the actions on its password and its source.
 */
export function ChannelCard({
  userId,
  channel,
  main,
  server,
}: {
  userId: number;
  channel: LiveSourceChannel;
  /** The station's main channel (the server lists it first). */
  main: boolean;
  server: SourceServer;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const [shownPassword, setShownPassword] = useState<string | null>(null);
  const disconnect = useDisconnect(userId);
  const newPassword = useNewPassword(userId);
  const removePassword = useRemovePassword(userId);
  const { live } = channel;
  const headingId = `live-channel-${channel.streamId}`;
  const [firstMount, ...otherMounts] = channel.mounts;
  const password = passwordText(channel);

  const onDisconnect = () =>
    disconnect.mutate(channel.streamId, {
      onSuccess: () => toast.success(LIVE_MESSAGES.disconnected),
      onError: (error) => toast.error(failure(error, LIVE_MESSAGES.disconnectError)),
      onSettled: () => setAsking(null),
    });
  const onGenerate = () =>
    newPassword.mutate(channel.streamId, {
      onSuccess: ({ password: created }) => setShownPassword(created),
      onError: (error) => toast.error(failure(error, LIVE_MESSAGES.generateError)),
      onSettled: () => setAsking(null),
    });
  const onRemove = () =>
    removePassword.mutate(channel.streamId, {
      onSuccess: () => toast.success(LIVE_MESSAGES.removed),
      onError: (error) => toast.error(failure(error, LIVE_MESSAGES.removeError)),
      onSettled: () => setAsking(null),
    });
  const closePassword = () => {
    setShownPassword(null);
    // The answer holding the password goes too: nothing keeps it once the dialog is closed.
    newPassword.reset();
  };

  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      className={classes.card}
      aria-labelledby={headingId}
      data-testid={`live-channel-${channel.streamId}`}
      data-live={live ? 'true' : 'false'}
    >
      <div className={classes.head}>
        <div className={classes.titleBlock}>
          <Text component="h2" id={headingId} className={classes.name}>
            {channel.name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {main ? `${LIVE_MESSAGES.mainChannel} · ${channel.streamId}` : channel.streamId}
          </Text>
        </div>
        {/* A source connecting or leaving is said aloud: the refresh changes this text only then. */}
        <div aria-live="polite">
          {live ? (
            <Badge
              color="red"
              variant="filled"
              size="lg"
              leftSection={<IconBroadcast size={14} aria-hidden />}
              data-testid="live-badge"
            >
              {LIVE_MESSAGES.onAir}
            </Badge>
          ) : (
            <Badge
              color="gray"
              variant="light"
              size="lg"
              leftSection={<IconVinyl size={14} aria-hidden />}
              data-testid="live-badge"
            >
              {LIVE_MESSAGES.autoDj}
            </Badge>
          )}
        </div>
      </div>

      <div className={classes.body}>
        {live ? (
          <div className={classes.panel} data-testid="live-session">
            <Text component="h3" className={classes.panelTitle}>
              {LIVE_MESSAGES.nowTitle}
            </Text>
            <dl className={classes.fields}>
              <Row label={LIVE_MESSAGES.liveSince}>{formatDateTime(live.since) || live.since}</Row>
              <Row label={LIVE_MESSAGES.liveAddress}>
                <code className={classes.value}>{live.address || LIVE_MESSAGES.notSent}</code>
              </Row>
              {live.mount && (
                <Row label={LIVE_MESSAGES.liveMount}>
                  <code className={classes.value}>{mountPath(channel, live.mount)}</code>
                </Row>
              )}
              <Row label={LIVE_MESSAGES.liveName}>{live.name || LIVE_MESSAGES.notSent}</Row>
              <Row label={LIVE_MESSAGES.liveAgent}>
                <span className={classes.wrap}>{live.userAgent || LIVE_MESSAGES.notSent}</span>
              </Row>
            </dl>
            <Button
              mt="md"
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={() => setAsking('disconnect')}
              className={classes.action}
            >
              {LIVE_MESSAGES.disconnect}
            </Button>
          </div>
        ) : (
          <div className={classes.panel}>
            <Text component="h3" className={classes.panelTitle}>
              {LIVE_MESSAGES.nowTitle}
            </Text>
            <Text size="sm" c="dimmed">
              {LIVE_MESSAGES.autoDjText}
            </Text>
          </div>
        )}

        <div className={classes.panel}>
          <Text component="h3" className={classes.panelTitle}>
            {LIVE_MESSAGES.settingsTitle}
          </Text>
          <dl className={classes.fields} data-testid="live-encoder-settings">
            <Row label={LIVE_MESSAGES.server}>
              <Copyable value={server.host} what={LIVE_MESSAGES.server.toLowerCase()} />
            </Row>
            <Row label={LIVE_MESSAGES.port}>
              <code className={classes.value}>{server.port}</code>
            </Row>
            <Row label={LIVE_MESSAGES.tls}>{server.tls ? LIVE_MESSAGES.yes : LIVE_MESSAGES.no}</Row>
            <Row label={LIVE_MESSAGES.mount}>
              {firstMount ? <Copyable value={firstMount} what="mount" /> : LIVE_MESSAGES.noMounts}
            </Row>
            {otherMounts.length > 0 && (
              <Row label={LIVE_MESSAGES.otherMounts}>
                <span className={classes.mounts}>
                  {otherMounts.map((mount) => (
                    <code key={mount} className={classes.value}>
                      {mount}
                    </code>
                  ))}
                </span>
              </Row>
            )}
            <Row label={LIVE_MESSAGES.user}>
              <code className={classes.value}>{SOURCE_USER}</code>
            </Row>
            <Row label={LIVE_MESSAGES.password}>
              <span data-testid="live-password-kind">
                {password ?? LIVE_MESSAGES.noPasswordShort}
              </span>
            </Row>
          </dl>
          {password === null && (
            <Alert
              mt="sm"
              color="orange"
              variant="light"
              title={LIVE_MESSAGES.noPassword}
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="live-no-password"
            >
              {LIVE_MESSAGES.noPasswordText}
            </Alert>
          )}
          <Group mt="md" gap="sm" className={classes.actions}>
            <Button
              leftSection={<IconKey size={16} aria-hidden />}
              loading={newPassword.isPending && asking === null}
              onClick={() => (channel.ownPassword ? setAsking('replace') : onGenerate())}
              className={classes.action}
            >
              {LIVE_MESSAGES.generate}
            </Button>
            {channel.ownPassword && (
              <Button
                variant="default"
                leftSection={<IconKeyOff size={16} aria-hidden />}
                onClick={() => setAsking('remove')}
                className={classes.action}
              >
                {LIVE_MESSAGES.remove}
              </Button>
            )}
          </Group>
        </div>
      </div>

      <ConfirmModal
        opened={asking === 'disconnect'}
        title={LIVE_MESSAGES.disconnectTitle}
        text={LIVE_MESSAGES.disconnectText}
        confirm={LIVE_MESSAGES.disconnect}
        busy={disconnect.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={onDisconnect}
        testId="live-confirm-disconnect"
      />
      <ConfirmModal
        opened={asking === 'replace'}
        title={LIVE_MESSAGES.generateTitle}
        text={LIVE_MESSAGES.generateText}
        confirm={LIVE_MESSAGES.generateConfirm}
        color="onda"
        busy={newPassword.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={onGenerate}
        testId="live-confirm-replace"
      />
      <ConfirmModal
        opened={asking === 'remove'}
        title={LIVE_MESSAGES.removeTitle}
        text={
          channel.stationPassword ? LIVE_MESSAGES.removeToStation : LIVE_MESSAGES.removeToNothing
        }
        confirm={LIVE_MESSAGES.removeConfirm}
        busy={removePassword.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={onRemove}
        testId="live-confirm-remove"
      />
      <NewPasswordModal channel={channel.name} password={shownPassword} onClose={closePassword} />
    </Paper>
  );
}
