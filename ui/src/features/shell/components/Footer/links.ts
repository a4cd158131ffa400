export interface FooterLink {
  label: string;
  /** A route of the site (routes.tsx): every link leads somewhere. */
  to: string;
}

export interface FooterGroup {
  /** Internal key; the first group's title is the station name (C04: the third one is 'Mais'). */
  key: 'station' | 'music' | 'more';
  title: string | null;
  links: FooterLink[];
}

export const FOOTER_GROUPS: FooterGroup[] = [
  {
    key: 'station',
    title: null,
    links: [
      { label: 'Quem somos', to: '/quem-somos' },
      { label: 'Programação', to: '/programacao' },
      { label: 'Jornalistas', to: '/jornalistas' },
      { label: 'Afiliadas', to: '/afiliadas' },
      { label: 'Parceiros', to: '/parceiros' },
      { label: 'Anuncie conosco', to: '/anuncie-conosco' },
      { label: 'Clientes', to: '/clientes' },
      { label: 'Trabalhe conosco', to: '/trabalhe-conosco' },
      { label: 'Contato', to: '/contato' },
      // Press enquiries go through the contact form (its 'Jornalismo' subject).
      { label: 'Imprensa', to: '/contato' },
    ],
  },
  {
    key: 'music',
    title: 'Música',
    links: [
      { label: 'Artistas', to: '/artistas' },
      { label: 'Músicas', to: '/musicas' },
      { label: 'As 10 mais', to: '/as-10-mais' },
      { label: 'As 100 mais', to: '/as-100-mais' },
      { label: 'Podcasts', to: '/podcasts' },
      { label: 'Vídeos', to: '/videos' },
      { label: 'TV', to: '/tv' },
      { label: 'Recomende uma música', to: '/recomende' },
      // The playlists of the 'outros' podcast catalogue.
      { label: 'Playlists', to: '/podcasts/outros' },
    ],
  },
  {
    key: 'more',
    title: 'Mais',
    links: [
      { label: 'Promoções', to: '/promocoes' },
      { label: 'Seja PRO', to: '/vantagens-da-assinatura-pro' },
      { label: 'Aplicativos', to: '/aplicativos' },
      { label: 'Incorporar player', to: '/incorporar-player' },
      { label: 'Feeds', to: '/feeds' },
      { label: 'Mapa do site', to: '/sitemap' },
      { label: 'Política de privacidade', to: '/termos/privacidade' },
      { label: 'Termos de uso', to: '/termos/uso' },
      // The listener's word to the station: the contact form.
      { label: 'Ouvidoria', to: '/contato' },
    ],
  },
];
