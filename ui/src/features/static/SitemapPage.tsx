import { Anchor, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import classes from './Sitemap.module.css';

const SECTIONS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Rádio',
    links: [
      { label: 'Página inicial', to: '/' },
      { label: 'Ouvir rádio online', to: '/ouvir-radio-online' },
      { label: 'Programação', to: '/programacao' },
      { label: 'TV', to: '/tv' },
      { label: 'Afiliadas', to: '/afiliadas' },
      { label: 'Aplicativos', to: '/aplicativos' },
    ],
  },
  {
    title: 'Notícias',
    links: [
      { label: 'Últimas notícias', to: '/noticias' },
      { label: 'Tags', to: '/noticias/tags' },
      { label: 'Jornalistas', to: '/jornalistas' },
      { label: 'Feeds', to: '/feeds' },
    ],
  },
  {
    title: 'Música',
    links: [
      { label: 'Artistas', to: '/artistas' },
      { label: 'Músicas', to: '/musicas' },
      { label: 'As 10 mais', to: '/as-10-mais' },
      { label: 'As 100 mais', to: '/as-100-mais' },
      { label: 'Podcasts', to: '/podcasts' },
      { label: 'Vídeos', to: '/videos' },
      { label: 'Recomende uma música', to: '/recomende' },
    ],
  },
  {
    title: 'Participe',
    links: [
      { label: 'Promoções', to: '/promocoes' },
      { label: 'Caça ao tesouro', to: '/caca-ao-tesouro' },
      { label: 'Vantagens da assinatura PRO', to: '/vantagens-da-assinatura-pro' },
      { label: 'Busca', to: '/busca' },
    ],
  },
  {
    title: 'Institucional',
    links: [
      { label: 'Quem somos', to: '/quem-somos' },
      { label: 'Anuncie conosco', to: '/anuncie-conosco' },
      { label: 'Clientes', to: '/clientes' },
      { label: 'Parceiros', to: '/parceiros' },
      { label: 'Contato', to: '/contato' },
      { label: 'Trabalhe conosco', to: '/trabalhe-conosco' },
      { label: 'Incorporar player', to: '/incorporar-player' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Política de privacidade', to: '/termos/privacidade' },
      { label: 'Termos de uso', to: '/termos/uso' },
    ],
  },
];

/** /sitemap (doc2 §2): every section of the site. */
export function SitemapPage() {
  return (
    <PageFrame title="Mapa do site" description="Todas as seções do site em um só lugar.">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {SECTIONS.map((section) => (
          <Paper key={section.title} withBorder p="lg" component="section">
            <Title order={2} size="h4" mb="sm">
              {section.title}
            </Title>
            <Stack gap={6} component="ul" className={classes.list}>
              {section.links.map((link) => (
                <li key={link.to}>
                  <Anchor component={Link} to={link.to}>
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
