import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/document-title';
import { errorStatus, errorTitle } from '../lib/error-status';
import classes from './StatusPage.module.css';

/** The error page shown when a page fails to load or render (app/RouteErrorBoundary.tsx). */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const title = errorTitle(status);
  useDocumentTitle(title);
  if (import.meta.env.DEV) console.error(error);

  return (
    <Container className={classes.wrap} data-testid="error-page">
      <Paper className={classes.card} withBorder shadow="sm">
        {status && (
          <Text className={classes.code} aria-hidden>
            {status}
          </Text>
        )}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed" mt="sm" className={classes.text}>
          Tente novamente em alguns instantes. Se o problema continuar, fale com a gente pela página
          de contato.
        </Text>
        <Group justify="center" gap="sm" mt="lg">
          <Button
            onClick={() => window.location.reload()}
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            Tentar de novo
          </Button>
          <Button
            component={Link}
            to="/"
            variant="default"
            leftSection={<IconHome size={18} aria-hidden />}
          >
            Voltar para o início
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
