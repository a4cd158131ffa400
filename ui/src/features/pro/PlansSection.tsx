import { Badge, Box, Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { LAUNCH_DISCOUNT, LAUNCH_MONTHS, PRO_BENEFITS, PRO_PLANS } from './pro-data';
import classes from './ProBenefitsPage.module.css';

export interface PlansSectionProps {
  onSubscribe: (planId: string) => void;
}

/** The plans (doc3 §9, PP-02): standard prices, the yearly old price and badge, the launch discount. */
export function PlansSection({ onSubscribe }: PlansSectionProps) {
  return (
    <Box
      component="section"
      aria-labelledby="pro-planos-titulo"
      id="pro-planos"
      className={classes.section}
    >
      <Title order={2} id="pro-planos-titulo" ta="center" className={classes.sectionTitle}>
        Escolha o seu plano
      </Title>
      <Text ta="center" c="dimmed" mb="xl">
        Os dois planos têm todos os benefícios PRO e renovam automaticamente até você cancelar.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" className={classes.plans}>
        {PRO_PLANS.map((plan) => (
          <Paper
            key={plan.id}
            component="article"
            aria-labelledby={`pro-plano-${plan.id}`}
            data-testid={`pro-plan-${plan.id}`}
            radius="lg"
            p="xl"
            withBorder
            className={plan.badge ? `${classes.plan} ${classes.planFeatured}` : classes.plan}
          >
            <Stack gap="sm" h="100%">
              <Box className={classes.planHead}>
                <Title order={3} id={`pro-plano-${plan.id}`} className={classes.planName}>
                  {plan.name}
                </Title>
                {plan.badge ? (
                  <Badge variant="gradient" size="lg" radius="sm" tt="none">
                    {plan.badge}
                  </Badge>
                ) : null}
              </Box>
              {plan.oldPrice ? (
                <Text c="dimmed" size="sm">
                  de <s aria-label={`preço antigo ${plan.oldPrice}`}>{plan.oldPrice}</s> por
                </Text>
              ) : (
                <Text size="sm" c="dimmed" aria-hidden>
                  &nbsp;
                </Text>
              )}
              <Text className={classes.price}>
                <span className={classes.priceValue}>{plan.price}</span>{' '}
                <span className={classes.pricePeriod}>{plan.period}</span>
              </Text>
              <Box className={classes.launch}>
                <IconRosetteDiscountCheck size={22} aria-hidden className={classes.launchIcon} />
                <Text size="sm">
                  Lançamento: <strong>{LAUNCH_DISCOUNT} de desconto</strong>,{' '}
                  <strong className={classes.launchPrice}>{plan.launchPrice}</strong> {plan.period}{' '}
                  nos primeiros {LAUNCH_MONTHS} meses de assinatura. Depois, {plan.price}{' '}
                  {plan.period}.
                </Text>
              </Box>
              <List
                spacing={6}
                size="sm"
                icon={<IconCheck size={16} aria-hidden className={classes.check} />}
                className={classes.planBenefits}
              >
                {PRO_BENEFITS.map((benefit) => (
                  <List.Item key={benefit.title}>{benefit.title}</List.Item>
                ))}
              </List>
              <Text size="xs" c="dimmed">
                {plan.note}
              </Text>
              <Button
                mt="auto"
                size="md"
                radius="xl"
                variant={plan.badge ? 'gradient' : 'filled'}
                fullWidth
                onClick={() => onSubscribe(plan.id)}
              >
                Assinar agora
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Box>
  );
}
