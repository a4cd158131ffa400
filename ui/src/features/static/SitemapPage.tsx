import { Anchor, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from '@/lib/router';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { SITE_PAGES, SITEMAP_SECTIONS } from '@/generated/site-pages';
import classes from './Sitemap.module.css';

// The pages and their sections come from the site's one list of pages (server/src/site.rs).
const SECTIONS = SITEMAP_SECTIONS.map((title) => ({
  title,
  links: SITE_PAGES.flatMap(({ path, sitemapLink }) =>
    sitemapLink?.section === title ? [{ label: sitemapLink.label, to: path }] : [],
  ),
}));

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
