import { Accordion, Alert, Box, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { track } from '@/lib/analytics';
import { useProFaqs } from './api/pro-api';
import { PRO_ANALYTICS_CATEGORY } from './pro-data';
import classes from './ProBenefitsPage.module.css';

/**
 * The FAQ (doc3 §2.2, PP-04): a Mantine Accordion in single mode, so opening an item closes the
 * other. Answers are HTML from `proPage/getFaqs`, sanitised by the server with an allow-list (S11),
 * which is what makes rendering them as HTML safe here.
 */
export function FaqSection() {
  const { data, isPending, isError, refetch } = useProFaqs();
  const [open, setOpen] = useState<string | null>(null);

  const onChange = (value: string | null) => {
    setOpen(value);
    if (value !== null) {
      const question = data?.[Number(value)]?.question;
      track(PRO_ANALYTICS_CATEGORY, 'faq-open', question);
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="pro-faq-titulo"
      id="pro-faq"
      className={classes.section}
    >
      <Title order={2} id="pro-faq-titulo" ta="center" className={classes.sectionTitle} mb="lg">
        Perguntas frequentes
      </Title>
      <Box className={classes.faq}>
        {isPending ? (
          <Stack gap="sm" aria-label="Carregando perguntas frequentes">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} height={52} radius="md" />
            ))}
          </Stack>
        ) : isError ? (
          <Alert
            color="red"
            variant="light"
            title="Não foi possível carregar as perguntas frequentes."
          >
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          </Alert>
        ) : data.length === 0 ? (
          <Text ta="center" c="dimmed">
            Nenhuma pergunta frequente no momento.
          </Text>
        ) : (
          <Accordion
            value={open}
            onChange={onChange}
            variant="separated"
            radius="md"
            chevronPosition="right"
          >
            {data.map((faq, index) => (
              <Accordion.Item key={index} value={String(index)}>
                <Accordion.Control>
                  <Text fw={600}>{faq.question}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <div
                    className={classes.answer}
                    // Server HTML, sanitised by the server's allow-list (S11).
                    dangerouslySetInnerHTML={{ __html: faq.answer }}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Box>
    </Box>
  );
}
