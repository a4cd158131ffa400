// generated from shared/src/validation.rs by cargo test -p onda-shared; do not edit

export const limits = {
  /** Registration (doc1 §5, C01): name 3–50 letters and spaces, e-mail ≤ 50, password 6–20. */
  REGISTER_NAME_MIN: 3,
  REGISTER_NAME_MAX: 50,
  EMAIL_MAX: 50,
  /** C01: one minimum for every flow that sets a password (registration, reset, profile change). */
  PASSWORD_MIN: 6,
  REGISTER_PASSWORD_MAX: 20,
  /** Reset and profile change have no documented maximum; a sane server cap (C01). */
  PASSWORD_MAX: 128,
  /** The e-mail confirmation code: exactly this many digits. */
  CONFIRMATION_CODE_LENGTH: 6,
  /** Profile (doc3 §5): trimmed lengths, inclusive; only the name is required (G15). */
  PROFILE_NAME_MIN: 2,
  PROFILE_NAME_MAX: 30,
  LAST_NAME_MIN: 2,
  LAST_NAME_MAX: 30,
  DISTRICT_MIN: 3,
  DISTRICT_MAX: 30,
  STREET_MIN: 3,
  STREET_MAX: 60,
  ADDRESS_SUPPLEMENT_MAX: 30,
  STREET_NUMBER_MAX_DIGITS: 5,
  /** `(99) 9999-9999` and `(99) 99999-9999`. */
  TELEFONE_LENGTHS: [14, 15],
  /** `99999-999`. */
  CEP_LENGTH: 9,
  CPF_DIGITS: 11,
  /** `999.999.999-99`. */
  CPF_MASKED_LENGTH: 14,
  /** Birth date: the age on today's São Paulo date, inclusive (G17). */
  MIN_AGE: 4,
  MAX_AGE: 110,
  GENDERS: ['FEMININO', 'MASCULINO'],
  /**
   * Promotion answer (doc2 §5): free text up to 350 characters, a single word (rs_keywords 'S') up
   * to 30; the form truncates what is typed, the server refuses longer ('answer too long', G48).
   */
  PROMOTION_ANSWER_MAX: 350,
  PROMOTION_KEYWORD_ANSWER_MAX: 30,
  /** Recommend a song (doc2 §5; G47): trimmed lengths, inclusive; the link is optional. */
  RECOMMEND_ARTIST_MIN: 1,
  RECOMMEND_ARTIST_MAX: 50,
  RECOMMEND_MUSIC_MIN: 1,
  RECOMMEND_MUSIC_MAX: 50,
  RECOMMEND_LINK_MIN: 10,
  RECOMMEND_LINK_MAX: 70,
  RECOMMEND_MESSAGE_MIN: 5,
  RECOMMEND_MESSAGE_MAX: 500,
  /**
   * Contact (doc2 §5, §9; C13–C16): name, e-mail, text and subject required; tel, city and state
   * optional and checked when filled. The name is letters (accents allowed) and spaces.
   */
  CONTACT_NAME_MIN: 3,
  CONTACT_NAME_MAX: 30,
  CONTACT_EMAIL_MAX: 50,
  /** C14: the form's own lengths; the mask `(99) 99999-9999` makes 14 or 15 the normal case. */
  CONTACT_TEL_MIN: 13,
  CONTACT_TEL_MAX: 15,
  CONTACT_CITY_MIN: 3,
  CONTACT_CITY_MAX: 30,
  CONTACT_STATE_LENGTH: 2,
  CONTACT_TEXT_MIN: 3,
  CONTACT_TEXT_MAX: 1000,
  /** The subjects in id order: id 1 is 'Geral', …, id 7 'Programação musical' (doc2 §9). */
  CONTACT_SUBJECTS: ['Geral', 'Comercial', 'RH', 'Promoções', 'Relatar um problema', 'Jornalismo', 'Programação musical'],
  /** G27: `/contato?assunto=comercial` (or `?subject=comercial`) presets this subject id. */
  CONTACT_COMMERCIAL_ID: 2,
  /** Work with us (doc2 §5; C14–C16). Name and last name are letters (accents allowed) and spaces. */
  WORK_NAME_MIN: 3,
  WORK_NAME_MAX: 20,
  WORK_LAST_NAME_MIN: 3,
  WORK_LAST_NAME_MAX: 30,
  WORK_TELEFONE_MIN: 13,
  WORK_TELEFONE_MAX: 15,
  WORK_EMAIL_MAX: 30,
  WORK_ROLE_MIN: 3,
  WORK_ROLE_MAX: 50,
  WORK_ABOUT_MIN: 3,
  WORK_ABOUT_MAX: 1000,
  /** G24: the CV is a PDF, DOC or DOCX of at most 5 MB, told apart by its bytes, not its name. */
  WORK_CV_MAX_BYTES: 5242880,
  WORK_CV_EXTENSIONS: ['pdf', 'doc', 'docx'],
  /** The file input's `accept`: what the picker offers (the server still reads the bytes). */
  WORK_CV_ACCEPT: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  /**
   * Free-streaming request (doc2 §5; C03, G25): checked in this order, the first failure is the
   * message. Text fields are trimmed; required means at least 1 character.
   */
  FREE_STREAMING_COMPANY_MAX: 50,
  FREE_STREAMING_TRADE_NAME_MAX: 50,
  /** `99.999.999/9999-99`; 14 digits bare. */
  FREE_STREAMING_CNPJ_MASKED_LENGTH: 18,
  FREE_STREAMING_CNPJ_DIGITS: 14,
  FREE_STREAMING_PAGE_MAX: 50,
  /** C03: 2–30, what the message says (the original check said 3). */
  FREE_STREAMING_OWNER_MIN: 2,
  FREE_STREAMING_OWNER_MAX: 30,
  FREE_STREAMING_EMAIL_MAX: 40,
  /** `(99) 9999-9999` or `(99) 99999-9999`, when given. */
  FREE_STREAMING_TELEFONE_LENGTHS: [14, 15],
  /** G25: the band is chosen from these. */
  FREE_STREAMING_BANDS: ['FM', 'AM', 'OM/OC'],
  /** G25: frequency and power are free text up to 50 characters. */
  FREE_STREAMING_FREQUENCY_MAX: 50,
  FREE_STREAMING_POWER_MAX: 50,
  FREE_STREAMING_STATE_MAX: 50,
  FREE_STREAMING_CITY_MAX: 50,
  /**
   * Staff permissions (`onda-server admin grant-permission`; S12, G22 amended): 1–3 are the
   * spec's, the rest are ours. The server checks them on every call; the UI only hides what a
   * permission does not open.
   */
  PERMISSION_READ_STATS: 1,
  PERMISSION_CLEAN_CACHE: 2,
  PERMISSION_SEE_AFFILIATES: 3,
  PERMISSION_READ_INBOX: 4,
  /** Write and publish news, tags and journalists. */
  PERMISSION_NEWSROOM: 5,
  /** Promotions (answers, draws) and treasure hunts. */
  PERMISSION_PROMOTIONS: 6,
  /**
   * Artists, songs, top lists, programmes, partners, affiliates, clients and spots, legal texts, FAQ,
   * app parameters and the maintenance switch.
   */
  PERMISSION_CATALOGUE: 7,
  /** Find a listener, grant PRO or a permission, disable an account; read the audit log. */
  PERMISSION_PEOPLE: 8,
  /** Back office, people: the longest search (e-mail or name), in characters. */
  PEOPLE_QUERY_MAX: 100,
  /** Back office, newsroom: trimmed lengths in characters, inclusive. */
  NEWSROOM_TITLE_MIN: 5,
  NEWSROOM_TITLE_MAX: 200,
  NEWSROOM_TITLE_HOME_MAX: 120,
  NEWSROOM_SUBTITLE_MAX: 400,
  /** The body's HTML as sent (before sanitising); a long feature is ~60,000. */
  NEWSROOM_CONTENT_MAX: 200000,
  NEWSROOM_TEASER_MAX: 5000,
  NEWSROOM_TAGS_MAX: 10,
  NEWSROOM_TAG_MAX: 40,
  NEWSROOM_AUTHOR_MAX: 80,
  NEWSROOM_CAPTION_MAX: 200,
  NEWSROOM_KEYWORD_MAX: 80,
  /** The podcast episode's key at the player host. */
  NEWSROOM_PODCAST_ID_MAX: 200,
  /** Pictures: what the picker offers (the server reads the bytes) and the largest file. */
  IMAGE_ACCEPT: 'image/jpeg,image/png,image/webp',
  IMAGE_MAX_BYTES: 10485760,
  /**
   * Narrower than this and a cover would be blown up on the news page; wider than the maximum on
   * either side is refused before decoding (a decompression bomb).
   */
  IMAGE_MIN_WIDTH: 600,
  IMAGE_MAX_SIDE: 12000,
  /** The widths every picture is stored in, once, at upload (cards, lists, the news page's wide cover). */
  IMAGE_WIDTHS: [320, 640, 1280],
  /** Back office, promotions: trimmed lengths in characters, inclusive. */
  PROMO_TITLE_MIN: 3,
  PROMO_TITLE_MAX: 150,
  PROMO_SHORT_DESCRIPTION_MAX: 300,
  PROMO_DESCRIPTION_MAX: 50000,
  PROMO_RULES_MAX: 100000,
  PROMO_QUESTION_MAX: 300,
  PROMO_AFFILIATE_MAX: 60,
  /** The most winners one draw picks. */
  DRAW_MAX: 100,
  /** Back office, treasure hunts. */
  HUNT_TITLE_MIN: 3,
  HUNT_TITLE_MAX: 150,
  HUNT_DESCRIPTION_MAX: 2000,
  HUNT_RULES_MAX: 100000,
  HUNT_BANNER_MAX: 200,
  HUNT_PRIZES_MAX: 20,
  HUNT_PRIZE_NAME_MAX: 100,
  HUNT_PRIZE_DESCRIPTION_MAX: 500,
  HUNT_PRIZE_QUANTITY_MAX: 100000,
  /** Back-office audio (songs, previews, spots): the picker's types and the largest file. */
  AUDIO_ACCEPT: 'audio/mpeg,.mp3',
  AUDIO_MAX_BYTES: 31457280,
  /** Station settings: the top bar's texts. */
  SETTINGS_TEXT_MAX: 200,
} as const;

export const messages = {
  FORM_INVALID: 'Preencha todos os campos corretamente',
  LOGIN_EMPTY: 'Insere o seu email e a sua senha para fazer o login!',
  CODE_FORMAT: 'O código de confirmação tem 6 números',
  RESET_EMAIL_EMPTY: 'Insira seu e-mail de cadastro para criar uma nova senha',
  RESET_PASSWORD_SHORT: 'A senha não deve conter menos de 6 caracteres',
  /**
   * Reset form: the confirmation differs from the new password. Checked by the client only (the
   * reset request carries one password), declared here so the UI's text has one source too.
   */
  RESET_PASSWORD_MISMATCH: 'A senha e a confirmação não conferem!',
  NAME: 'O nome deve ter no mínimo 2 e no máximo 30 carateres',
  LAST_NAME: 'O sobrenome deve ter no mínimo 2 e no máximo 30 carateres',
  CPF: 'O CPF informado é inválido',
  BIRTHDAY: 'A data de nascimento informado é inválido',
  CEP: 'O CEP informado é inválido',
  DISTRICT: 'O bairro deve ter no mínimo 3 e no máximo 30 carateres',
  STREET: 'O endereço deve ter no mínimo 3 e no máximo 60 carateres',
  ADDRESS_SUPPLEMENT: 'O complemento deve ter no máximo 30 carateres',
  STREET_NUMBER: 'O número do endereço deve ter no máximo 5 dígitos',
  TELEFONE: 'O telefone informado é inválido',
  NEW_PASSWORD: 'A senha deve ter no mínimo 6 carateres',
  PASSWORD_MISMATCH: 'As senhas estão diferentes',
  NO_CHANGES: 'Não há alterações realizadas',
  /** Not in the spec (gender has no message); used for a value other than FEMININO/MASCULINO. */
  GENDER: 'O gênero informado é inválido',
  /** Not in the spec; a state or city id that does not exist (or a city of another state). */
  STATE: 'O estado informado é inválido',
  CITY: 'A cidade informada é inválida',
  /** Promotion answer form (doc2 §5; the double space is the spec's). */
  PROMOTION_ANSWER_EMPTY: 'Preencha a caixa de texto com sua resposta.',
  PROMOTION_RULES_UNCHECKED: 'Você precisa ler  e aceitar o regulamento.',
  PROMOTION_ANSWER_AND_RULES: 'Você precisa preencher a caixa de texto com sua resposta, ler  e aceitar o regulamento.',
  /** Recommend a song (doc2 §5; 'está' is the spec's). */
  RECOMMEND_ARTIST: 'O nome do artista ou banda deve ter de 1 a 50 caracteres.',
  RECOMMEND_MUSIC: 'O nome da música deve ter de 1 a 50 caracteres.',
  RECOMMEND_LINK: 'O link da música deve ter de 10 a 70 caracteres.',
  RECOMMEND_MESSAGE: 'A sua mensagem deve ter de 5 a 500 caracteres.',
  RECOMMEND_LOGIN: 'Você precisa está logado para recomendar uma música.',
  /** Not in the spec: the success reply of sendRecomendation (the page shows its own screen). */
  RECOMMEND_SENT: 'Sua recomendação foi enviada! Obrigado :)',
  /** Contact (doc2 §5, §8; C13): a required field is empty. */
  CONTACT_REQUIRED: 'Preencha todos os campos para enviar sua mensagem.',
  CONTACT_SENT: 'Sua mensagem foi enviada! Retornaremos em breve :)',
  /** G27: the text `?assunto=comercial` prefills. */
  CONTACT_COMMERCIAL_TEXT: 'Olá! Tenho interesse em anunciar. Por favor, entrem em contato.',
  /** Not in the spec (G28: per-field texts are ours, in doc3's style). */
  CONTACT_NAME: 'O nome deve ter no mínimo 3 e no máximo 30 letras',
  CONTACT_EMAIL: 'O email é inválido',
  CONTACT_TEL: 'O telefone informado é inválido',
  CONTACT_CITY: 'A cidade deve ter no mínimo 3 e no máximo 30 carateres',
  CONTACT_STATE: 'O estado deve ter 2 carateres',
  CONTACT_TEXT: 'A mensagem deve ter no mínimo 3 e no máximo 1000 carateres',
  CONTACT_SUBJECT: 'O assunto escolhido é inválido',
  /** Work with us (doc2 §8). */
  WORK_SENT: 'Agradeçemos o contato. Sua mensagem foi enviada com sucesso e retornaremos o mais breve possível :)',
  /** Not in the spec (G28: per-field texts are ours, in doc3's style). */
  WORK_NAME: 'O nome deve ter no mínimo 3 e no máximo 20 letras',
  WORK_LAST_NAME: 'O sobrenome deve ter no mínimo 3 e no máximo 30 letras',
  WORK_TELEFONE: 'O telefone informado é inválido',
  WORK_EMAIL: 'O email é inválido',
  WORK_ROLE: 'O cargo deve ter no mínimo 3 e no máximo 50 carateres',
  WORK_ABOUT: 'O texto sobre você deve ter no mínimo 3 e no máximo 1000 carateres',
  /** No file, or a reference that uploadCurriculum did not give (or that was already sent). */
  WORK_CURRICULUM: 'Anexe o seu currículo',
  WORK_CV_TYPE: 'O currículo deve ser um arquivo PDF, DOC ou DOCX',
  WORK_CV_SIZE: 'O currículo deve ter no máximo 5 MB',
  /** Free-streaming request (doc2 §5, §8), in check order ('carateres' is the spec's). */
  FREE_STREAMING_COMPANY: 'A razão social é um campo obrigatório',
  FREE_STREAMING_TRADE_NAME: 'O nome fantasia é um campo obrigatório',
  FREE_STREAMING_CNPJ: 'O CNPJ informado é inválido',
  FREE_STREAMING_PAGE: 'O site da empresa é um campo obrigatório',
  FREE_STREAMING_OWNER: 'O nome do proprietário deve ter no mínimo 2 e no máximo 30 carateres',
  FREE_STREAMING_EMAIL: 'O email é inválido',
  FREE_STREAMING_TELEFONE: 'O telefone informado é inválido',
  FREE_STREAMING_BAND: 'A faixa de Operação é um campo obrigatório',
  FREE_STREAMING_FREQUENCY: 'A frequência é um campo obrigatório',
  FREE_STREAMING_POWER: 'A potência/classe é um campo obrigatório',
  FREE_STREAMING_STATE: 'O Estado é um campo obrigatório',
  FREE_STREAMING_CITY: 'A cidade é um campo obrigatório',
  FREE_STREAMING_SENT: 'Sua solicitação foi enviada! Retornaremos em breve :)',
  /** Home poll vote (POST /api/v1/poll/vote, beyond the spec): accepted, with doc1's rating texts. */
  POLL_VOTED: 'Seu voto foi registrado com sucesso. Obrigado!',
  POLL_ALREADY_VOTED: 'Seu voto já foi registrado',
  /** Not in the spec: the poll was closed (made inactive) before the vote arrived. */
  POLL_CLOSED: 'Esta enquete já foi encerrada.',
  /**
   * Not in the spec: a visitor without an account votes as their browser (cookie
   * a1_browserHash); without that cookie the vote cannot be counted once.
   */
  POLL_NO_BROWSER: 'Não foi possível identificar seu navegador. Ative os cookies e tente novamente.',
  /** A home widget's provider failed and no recent answer is kept (doc2 §8, weather fetch failure). */
  WIDGET_UNAVAILABLE: 'Não foi possível obter os dados.',
  /** Back office, newsroom (not in the spec, in doc3's style). */
  NEWSROOM_TITLE: 'O título deve ter no mínimo 5 e no máximo 200 caracteres',
  NEWSROOM_TITLE_HOME: 'O título da home deve ter no máximo 120 caracteres',
  NEWSROOM_SUBTITLE: 'O subtítulo deve ter no máximo 400 caracteres',
  NEWSROOM_CONTENT: 'O texto da notícia é obrigatório para publicar',
  NEWSROOM_CONTENT_LONG: 'O texto da notícia deve ter no máximo 200.000 caracteres',
  NEWSROOM_TEASER: 'Uma notícia PRO precisa de um resumo para quem não é PRO',
  NEWSROOM_CATEGORY: 'Escolha uma editoria',
  NEWSROOM_TAGS: 'Use no máximo 10 tags, cada uma com até 40 caracteres',
  NEWSROOM_JOURNALIST: 'O jornalista escolhido não existe',
  NEWSROOM_AUTHOR: 'A assinatura deve ter no máximo 80 caracteres',
  NEWSROOM_IMAGE: 'A imagem de capa deve ser enviada pelo botão de upload',
  NEWSROOM_CAPTION: 'A legenda deve ter no máximo 200 caracteres',
  NEWSROOM_YOUTUBE: 'O vídeo do YouTube informado é inválido',
  NEWSROOM_PODCAST: 'O podcast escolhido não existe',
  NEWSROOM_KEYWORD: 'A palavra-chave deve ter no máximo 80 caracteres',
  NEWSROOM_PUBLISH_AT: 'A data de publicação é inválida',
  NEWSROOM_STALE: 'Esta notícia foi alterada por outra pessoa. Recarregue para ver a versão atual.',
  NEWSROOM_SAVED: 'Notícia salva',
  NEWSROOM_DELETED: 'Notícia excluída',
  /** Picture upload (covers and every other back-office image). */
  IMAGE_TYPE: 'A imagem deve ser JPEG, PNG ou WebP',
  IMAGE_SIZE: 'A imagem deve ter no máximo 10 MB',
  IMAGE_DIMENSIONS: 'A imagem deve ter no mínimo 600 pixels de largura e no máximo 12.000 de lado',
  /** Back office, people. */
  PEOPLE_QUERY: 'A busca deve ter no máximo 100 caracteres',
  PEOPLE_PERMISSIONS: 'As permissões devem ser números de 1 a 8',
  PEOPLE_SELF_LOCKOUT: 'Você não pode remover a sua própria permissão de Pessoas: peça a outra pessoa da equipe com essa permissão',
  PEOPLE_SELF_DISABLE: 'Você não pode desativar a sua própria conta',
  PEOPLE_PRO_UNTIL: 'A data final do PRO deve ser uma data válida (AAAA-MM-DD) a partir de hoje',
  PEOPLE_PERMISSIONS_SAVED: 'Permissões salvas',
  PEOPLE_PRO_GRANTED: 'PRO concedido',
  PEOPLE_PRO_REVOKED: 'PRO revogado',
  PEOPLE_DISABLED: 'Conta desativada e sessões encerradas',
  PEOPLE_ENABLED: 'Conta reativada',
  /** Back office, promotions. */
  PROMO_TITLE: 'O título deve ter no mínimo 3 e no máximo 150 caracteres',
  PROMO_SHORT_DESCRIPTION: 'A descrição curta deve ter no máximo 300 caracteres',
  PROMO_DESCRIPTION: 'A descrição é obrigatória para publicar',
  PROMO_DESCRIPTION_LONG: 'A descrição deve ter no máximo 50.000 caracteres',
  PROMO_RULES: 'O regulamento é obrigatório para publicar',
  PROMO_RULES_LONG: 'O regulamento deve ter no máximo 100.000 caracteres',
  PROMO_QUESTION: 'A pergunta deve ter no máximo 300 caracteres',
  PROMO_IMAGE: 'As imagens devem ser enviadas pelo botão de upload',
  PROMO_COLOR_SCHEME: 'Escolha o esquema de cores claro ou escuro',
  PROMO_AFFILIATE: 'A filial deve ter no máximo 60 caracteres',
  PROMO_DATES: 'Informe datas válidas, com o término depois do início',
  PROMO_STALE: 'Esta promoção foi alterada por outra pessoa. Recarregue para ver a versão atual.',
  PROMO_HAS_ANSWERS: 'Esta promoção já tem respostas e não pode ser excluída: encerre-a ou oculte-a',
  PROMO_SAVED: 'Promoção salva',
  PROMO_DELETED: 'Promoção excluída',
  DRAW_COUNT: 'Sorteie de 1 a 100 ganhadores',
  DRAW_OPEN: 'A promoção ainda não terminou: sorteie depois do encerramento',
  DRAW_EMPTY: 'Não há participantes para sortear',
  /** Back office, treasure hunts. */
  HUNT_TITLE: 'O título deve ter no mínimo 3 e no máximo 150 caracteres',
  HUNT_DESCRIPTION: 'A descrição deve ter no máximo 2.000 caracteres',
  HUNT_RULES: 'O regulamento é obrigatório para ativar a caça',
  HUNT_RULES_LONG: 'O regulamento deve ter no máximo 100.000 caracteres',
  HUNT_BANNER: 'A mensagem do banner deve ter no máximo 200 caracteres',
  HUNT_PROBABILITY: 'A chance de ganhar deve estar entre 0% e 100%',
  HUNT_PRIZES: 'Cadastre de 1 a 20 prêmios',
  HUNT_PRIZE_NAME: 'Cada prêmio precisa de um nome de até 100 caracteres',
  HUNT_PRIZE_DESCRIPTION: 'A descrição de um prêmio deve ter no máximo 500 caracteres',
  HUNT_PRIZE_QUANTITY: 'A quantidade de um prêmio deve ser de 0 a 100.000',
  HUNT_PRIZE_BELOW_WON: 'A quantidade de um prêmio não pode ser menor que a já ganha',
  HUNT_PRIZE_WON: 'Um prêmio que já foi ganho não pode ser removido',
  HUNT_PRIZE_UNKNOWN: 'Um dos prêmios não pertence a esta caça',
  HUNT_STALE: 'Esta caça foi alterada por outra pessoa. Recarregue para ver a versão atual.',
  HUNT_HAS_WINS: 'Esta caça já tem prêmios ganhos e não pode ser excluída: desative-a',
  HUNT_SAVED: 'Caça salva',
  HUNT_DELETED: 'Caça excluída',
  /**
   * Back office, catalogue and pages: `{campo}` is the field's label, `{max}` and
   * `{min}` its limits.
   */
  CATALOGUE_REQUIRED: 'Preencha o campo {campo}',
  CATALOGUE_TOO_LONG: 'O campo {campo} deve ter no máximo {max} caracteres',
  CATALOGUE_RANGE: 'O campo {campo} deve estar entre {min} e {max}',
  CATALOGUE_TOO_MANY: 'O campo {campo} aceita no máximo {max} itens',
  CATALOGUE_INVALID: 'O campo {campo} é inválido',
  /**
   * A channel's source on the server's own machine or a private network (the station would poll
   * it from inside), by its number or by a name that resolves there.
   */
  CATALOGUE_PRIVATE_ADDRESS: 'O campo {campo} não aceita endereços locais ou da rede interna',
  CATALOGUE_UNKNOWN_FIELD: 'Campo desconhecido: {campo}',
  CATALOGUE_MISSING_REFERENCE: 'O item escolhido em {campo} não existe',
  CATALOGUE_DUPLICATE: 'Já existe um item com este valor em {campo}',
  CATALOGUE_IN_USE: 'Este item não pode ser excluído porque outros itens o usam',
  CATALOGUE_FIXED: 'Os itens desta lista são editados, não criados nem excluídos',
  CATALOGUE_SAVED: 'Salvo',
  CATALOGUE_DELETED: 'Excluído',
  /** Station settings (top bar, logo, maintenance switch). */
  SETTINGS_TEXT: 'Os textos da barra devem ter no máximo 200 caracteres',
  SETTINGS_LINK: 'O link da barra deve começar com / ou https://',
  SETTINGS_COLOR: 'As cores devem estar no formato #RRGGBB',
  SETTINGS_LOGO: 'O logo deve ser enviado pelo botão de upload',
  SETTINGS_CODES: 'Testes e campanhas usam até 40 letras minúsculas, números, _ ou -',
  SETTINGS_AD_URL: 'Os endereços de anúncio devem começar com / ou https://',
  SETTINGS_SAVED: 'Parâmetros salvos',
  AUDIO_TYPE: 'O áudio deve ser um MP3',
  AUDIO_SIZE: 'O áudio deve ter no máximo 30 MB',
} as const;
