import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { IconHome, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/document-title';
import { SearchForm } from '@/components/SearchForm/SearchForm';
import classes from './StatusPage.module.css';

export const NOT_FOUND_TEXT = 'Ops! Página não encontrada.';

/** The 404 page of unknown paths (doc1 §2, C23): the literal text and a link back to the start. */
export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <Container className={classes.wrap} data-testid="not-found-page">
      <Paper className={classes.card} withBorder shadow="sm">
        <Text className={classes.code} aria-hidden>
          404
        </Text>
        <Title order={1} className={classes.title}>
          {NOT_FOUND_TEXT}
        </Title>
        <Text c="dimmed" mt="sm" className={classes.text}>
          O endereço pode ter mudado ou não existe mais. Que tal buscar o que você procura ou voltar
          para a página inicial?
        </Text>
        <SearchForm className={classes.search} />
        <Group justify="center" gap="sm" mt="lg">
          <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
            Voltar para o início
          </Button>
          <Button
            component={Link}
            to="/ouvir-radio-online"
            variant="default"
            leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
          >
            Ouvir rádio
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
