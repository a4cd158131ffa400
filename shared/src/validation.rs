//! Field rules of the account and listener forms (doc1 §5, doc2 §5, doc3 §5; S01: the server enforces
//! every rule the client checks, with the same limits). Each check returns the Portuguese message the UI
//! shows under the field.
//!
//! Every limit and message is declared once below with `rules!`, which also lists it for the generator of
//! `ui/src/generated/validation-rules.ts` (see `table`): the UI's checks read their numbers and texts from
//! that file, so the two sides cannot disagree. A new form adds its limits to the top-level block and its
//! messages to the one in `messages`; a number a check needs is a constant here, not a literal in the check.

mod backoffice_promotions;
mod forms;
mod newsroom;
mod table;

pub use backoffice_promotions::{hunt_input, promotion_input};
pub use forms::{cnpj, contact, contact_subject, free_streaming, recommendation, work_with_us};
pub use newsroom::{cover_url, html_has_content, news_input, youtube_id};
use table::rules;
pub use table::{Rule, RuleValue, Value, typescript};

/// Messages of the forms' rules, §5 and §8 of the product docs (pt-BR, literal: typos such as
/// "carateres" and "Insere" are the spec's).
pub mod messages {
    super::rules! {
        pub const RULES;
        FORM_INVALID: &str = "Preencha todos os campos corretamente";
        LOGIN_EMPTY: &str = "Insere o seu email e a sua senha para fazer o login!";
        CODE_FORMAT: &str = "O código de confirmação tem 6 números";
        RESET_EMAIL_EMPTY: &str = "Insira seu e-mail de cadastro para criar uma nova senha";
        RESET_PASSWORD_SHORT: &str = "A senha não deve conter menos de 6 caracteres";
        /// Reset form: the confirmation differs from the new password. Checked by the client only (the
        /// reset request carries one password), declared here so the UI's text has one source too.
        RESET_PASSWORD_MISMATCH: &str = "A senha e a confirmação não conferem!";
        NAME: &str = "O nome deve ter no mínimo 2 e no máximo 30 carateres";
        LAST_NAME: &str = "O sobrenome deve ter no mínimo 2 e no máximo 30 carateres";
        CPF: &str = "O CPF informado é inválido";
        BIRTHDAY: &str = "A data de nascimento informado é inválido";
        CEP: &str = "O CEP informado é inválido";
        DISTRICT: &str = "O bairro deve ter no mínimo 3 e no máximo 30 carateres";
        STREET: &str = "O endereço deve ter no mínimo 3 e no máximo 60 carateres";
        ADDRESS_SUPPLEMENT: &str = "O complemento deve ter no máximo 30 carateres";
        STREET_NUMBER: &str = "O número do endereço deve ter no máximo 5 dígitos";
        TELEFONE: &str = "O telefone informado é inválido";
        NEW_PASSWORD: &str = "A senha deve ter no mínimo 6 carateres";
        PASSWORD_MISMATCH: &str = "As senhas estão diferentes";
        NO_CHANGES: &str = "Não há alterações realizadas";
        /// Not in the spec (gender has no message); used for a value other than FEMININO/MASCULINO.
        GENDER: &str = "O gênero informado é inválido";
        /// Not in the spec; a state or city id that does not exist (or a city of another state).
        STATE: &str = "O estado informado é inválido";
        CITY: &str = "A cidade informada é inválida";
        /// Promotion answer form (doc2 §5; the double space is the spec's).
        PROMOTION_ANSWER_EMPTY: &str = "Preencha a caixa de texto com sua resposta.";
        PROMOTION_RULES_UNCHECKED: &str = "Você precisa ler  e aceitar o regulamento.";
        PROMOTION_ANSWER_AND_RULES: &str =
            "Você precisa preencher a caixa de texto com sua resposta, ler  e aceitar o regulamento.";
        /// Recommend a song (doc2 §5; 'está' is the spec's).
        RECOMMEND_ARTIST: &str = "O nome do artista ou banda deve ter de 1 a 50 caracteres.";
        RECOMMEND_MUSIC: &str = "O nome da música deve ter de 1 a 50 caracteres.";
        RECOMMEND_LINK: &str = "O link da música deve ter de 10 a 70 caracteres.";
        RECOMMEND_MESSAGE: &str = "A sua mensagem deve ter de 5 a 500 caracteres.";
        RECOMMEND_LOGIN: &str = "Você precisa está logado para recomendar uma música.";
        /// Not in the spec: the success reply of sendRecomendation (the page shows its own screen).
        RECOMMEND_SENT: &str = "Sua recomendação foi enviada! Obrigado :)";
        /// Contact (doc2 §5, §8; C13): a required field is empty.
        CONTACT_REQUIRED: &str = "Preencha todos os campos para enviar sua mensagem.";
        CONTACT_SENT: &str = "Sua mensagem foi enviada! Retornaremos em breve :)";
        /// G27: the text `?assunto=comercial` prefills.
        CONTACT_COMMERCIAL_TEXT: &str = "Olá! Tenho interesse em anunciar. Por favor, entrem em contato.";
        /// Not in the spec (G28: per-field texts are ours, in doc3's style).
        CONTACT_NAME: &str = "O nome deve ter no mínimo 3 e no máximo 30 letras";
        CONTACT_EMAIL: &str = "O email é inválido";
        CONTACT_TEL: &str = "O telefone informado é inválido";
        CONTACT_CITY: &str = "A cidade deve ter no mínimo 3 e no máximo 30 carateres";
        CONTACT_STATE: &str = "O estado deve ter 2 carateres";
        CONTACT_TEXT: &str = "A mensagem deve ter no mínimo 3 e no máximo 1000 carateres";
        CONTACT_SUBJECT: &str = "O assunto escolhido é inválido";
        /// Work with us (doc2 §8).
        WORK_SENT: &str =
            "Agradeçemos o contato. Sua mensagem foi enviada com sucesso e retornaremos o mais breve possível :)";
        /// Not in the spec (G28: per-field texts are ours, in doc3's style).
        WORK_NAME: &str = "O nome deve ter no mínimo 3 e no máximo 20 letras";
        WORK_LAST_NAME: &str = "O sobrenome deve ter no mínimo 3 e no máximo 30 letras";
        WORK_TELEFONE: &str = "O telefone informado é inválido";
        WORK_EMAIL: &str = "O email é inválido";
        WORK_ROLE: &str = "O cargo deve ter no mínimo 3 e no máximo 50 carateres";
        WORK_ABOUT: &str = "O texto sobre você deve ter no mínimo 3 e no máximo 1000 carateres";
        /// No file, or a reference that uploadCurriculum did not give (or that was already sent).
        WORK_CURRICULUM: &str = "Anexe o seu currículo";
        WORK_CV_TYPE: &str = "O currículo deve ser um arquivo PDF, DOC ou DOCX";
        WORK_CV_SIZE: &str = "O currículo deve ter no máximo 5 MB";
        /// Free-streaming request (doc2 §5, §8), in check order ('carateres' is the spec's).
        FREE_STREAMING_COMPANY: &str = "A razão social é um campo obrigatório";
        FREE_STREAMING_TRADE_NAME: &str = "O nome fantasia é um campo obrigatório";
        FREE_STREAMING_CNPJ: &str = "O CNPJ informado é inválido";
        FREE_STREAMING_PAGE: &str = "O site da empresa é um campo obrigatório";
        FREE_STREAMING_OWNER: &str = "O nome do proprietário deve ter no mínimo 2 e no máximo 30 carateres";
        FREE_STREAMING_EMAIL: &str = "O email é inválido";
        FREE_STREAMING_TELEFONE: &str = "O telefone informado é inválido";
        FREE_STREAMING_BAND: &str = "A faixa de Operação é um campo obrigatório";
        FREE_STREAMING_FREQUENCY: &str = "A frequência é um campo obrigatório";
        FREE_STREAMING_POWER: &str = "A potência/classe é um campo obrigatório";
        FREE_STREAMING_STATE: &str = "O Estado é um campo obrigatório";
        FREE_STREAMING_CITY: &str = "A cidade é um campo obrigatório";
        FREE_STREAMING_SENT: &str = "Sua solicitação foi enviada! Retornaremos em breve :)";
        /// Home poll vote (POST /api/v1/poll/vote, beyond the spec): accepted, with doc1's rating texts.
        POLL_VOTED: &str = "Seu voto foi registrado com sucesso. Obrigado!";
        POLL_ALREADY_VOTED: &str = "Seu voto já foi registrado";
        /// Not in the spec: the poll was closed (made inactive) before the vote arrived.
        POLL_CLOSED: &str = "Esta enquete já foi encerrada.";
        /// Not in the spec: a visitor without an account votes as their browser (cookie
        /// a1_browserHash); without that cookie the vote cannot be counted once.
        POLL_NO_BROWSER: &str = "Não foi possível identificar seu navegador. Ative os cookies e tente novamente.";
        /// A home widget's provider failed and no recent answer is kept (doc2 §8, weather fetch failure).
        WIDGET_UNAVAILABLE: &str = "Não foi possível obter os dados.";
        /// Back office, newsroom (not in the spec, in doc3's style).
        NEWSROOM_TITLE: &str = "O título deve ter no mínimo 5 e no máximo 200 caracteres";
        NEWSROOM_TITLE_HOME: &str = "O título da home deve ter no máximo 120 caracteres";
        NEWSROOM_SUBTITLE: &str = "O subtítulo deve ter no máximo 400 caracteres";
        NEWSROOM_CONTENT: &str = "O texto da notícia é obrigatório para publicar";
        NEWSROOM_CONTENT_LONG: &str = "O texto da notícia deve ter no máximo 200.000 caracteres";
        NEWSROOM_TEASER: &str = "Uma notícia PRO precisa de um resumo para quem não é PRO";
        NEWSROOM_CATEGORY: &str = "Escolha uma editoria";
        NEWSROOM_TAGS: &str = "Use no máximo 10 tags, cada uma com até 40 caracteres";
        NEWSROOM_JOURNALIST: &str = "O jornalista escolhido não existe";
        NEWSROOM_AUTHOR: &str = "A assinatura deve ter no máximo 80 caracteres";
        NEWSROOM_IMAGE: &str = "A imagem de capa deve ser enviada pelo botão de upload";
        NEWSROOM_CAPTION: &str = "A legenda deve ter no máximo 200 caracteres";
        NEWSROOM_YOUTUBE: &str = "O vídeo do YouTube informado é inválido";
        NEWSROOM_PODCAST: &str = "O podcast escolhido não existe";
        NEWSROOM_KEYWORD: &str = "A palavra-chave deve ter no máximo 80 caracteres";
        NEWSROOM_PUBLISH_AT: &str = "A data de publicação é inválida";
        NEWSROOM_STALE: &str = "Esta notícia foi alterada por outra pessoa. Recarregue para ver a versão atual.";
        NEWSROOM_SAVED: &str = "Notícia salva";
        NEWSROOM_DELETED: &str = "Notícia excluída";
        /// Picture upload (covers and every other back-office image).
        IMAGE_TYPE: &str = "A imagem deve ser JPEG, PNG ou WebP";
        IMAGE_SIZE: &str = "A imagem deve ter no máximo 10 MB";
        IMAGE_DIMENSIONS: &str = "A imagem deve ter no mínimo 600 pixels de largura e no máximo 12.000 de lado";
        /// Back office, people.
        PEOPLE_QUERY: &str = "A busca deve ter no máximo 100 caracteres";
        PEOPLE_PERMISSIONS: &str = "As permissões devem ser números de 1 a 8";
        PEOPLE_SELF_LOCKOUT: &str =
            "Você não pode remover a sua própria permissão de Pessoas: peça a outra pessoa da equipe com essa permissão";
        PEOPLE_SELF_DISABLE: &str = "Você não pode desativar a sua própria conta";
        PEOPLE_PRO_UNTIL: &str = "A data final do PRO deve ser uma data válida (AAAA-MM-DD) a partir de hoje";
        PEOPLE_PERMISSIONS_SAVED: &str = "Permissões salvas";
        PEOPLE_PRO_GRANTED: &str = "PRO concedido";
        PEOPLE_PRO_REVOKED: &str = "PRO revogado";
        PEOPLE_DISABLED: &str = "Conta desativada e sessões encerradas";
        PEOPLE_ENABLED: &str = "Conta reativada";
        /// Back office, promotions.
        PROMO_TITLE: &str = "O título deve ter no mínimo 3 e no máximo 150 caracteres";
        PROMO_SHORT_DESCRIPTION: &str = "A descrição curta deve ter no máximo 300 caracteres";
        PROMO_DESCRIPTION: &str = "A descrição é obrigatória para publicar";
        PROMO_DESCRIPTION_LONG: &str = "A descrição deve ter no máximo 50.000 caracteres";
        PROMO_RULES: &str = "O regulamento é obrigatório para publicar";
        PROMO_RULES_LONG: &str = "O regulamento deve ter no máximo 100.000 caracteres";
        PROMO_QUESTION: &str = "A pergunta deve ter no máximo 300 caracteres";
        PROMO_IMAGE: &str = "As imagens devem ser enviadas pelo botão de upload";
        PROMO_COLOR_SCHEME: &str = "Escolha o esquema de cores claro ou escuro";
        PROMO_AFFILIATE: &str = "A filial deve ter no máximo 60 caracteres";
        PROMO_DATES: &str = "Informe datas válidas, com o término depois do início";
        PROMO_STALE: &str = "Esta promoção foi alterada por outra pessoa. Recarregue para ver a versão atual.";
        PROMO_HAS_ANSWERS: &str = "Esta promoção já tem respostas e não pode ser excluída: encerre-a ou oculte-a";
        PROMO_SAVED: &str = "Promoção salva";
        PROMO_DELETED: &str = "Promoção excluída";
        DRAW_COUNT: &str = "Sorteie de 1 a 100 ganhadores";
        DRAW_OPEN: &str = "A promoção ainda não terminou: sorteie depois do encerramento";
        DRAW_EMPTY: &str = "Não há participantes para sortear";
        /// Back office, treasure hunts.
        HUNT_TITLE: &str = "O título deve ter no mínimo 3 e no máximo 150 caracteres";
        HUNT_DESCRIPTION: &str = "A descrição deve ter no máximo 2.000 caracteres";
        HUNT_RULES: &str = "O regulamento é obrigatório para ativar a caça";
        HUNT_RULES_LONG: &str = "O regulamento deve ter no máximo 100.000 caracteres";
        HUNT_BANNER: &str = "A mensagem do banner deve ter no máximo 200 caracteres";
        HUNT_PROBABILITY: &str = "A chance de ganhar deve estar entre 0% e 100%";
        HUNT_PRIZES: &str = "Cadastre de 1 a 20 prêmios";
        HUNT_PRIZE_NAME: &str = "Cada prêmio precisa de um nome de até 100 caracteres";
        HUNT_PRIZE_DESCRIPTION: &str = "A descrição de um prêmio deve ter no máximo 500 caracteres";
        HUNT_PRIZE_QUANTITY: &str = "A quantidade de um prêmio deve ser de 0 a 100.000";
        HUNT_PRIZE_BELOW_WON: &str = "A quantidade de um prêmio não pode ser menor que a já ganha";
        HUNT_PRIZE_WON: &str = "Um prêmio que já foi ganho não pode ser removido";
        HUNT_PRIZE_UNKNOWN: &str = "Um dos prêmios não pertence a esta caça";
        HUNT_STALE: &str = "Esta caça foi alterada por outra pessoa. Recarregue para ver a versão atual.";
        HUNT_HAS_WINS: &str = "Esta caça já tem prêmios ganhos e não pode ser excluída: desative-a";
        HUNT_SAVED: &str = "Caça salva";
        HUNT_DELETED: &str = "Caça excluída";
        /// Back office, catalogue and pages: `{campo}` is the field's label, `{max}` and
        /// `{min}` its limits.
        CATALOGUE_REQUIRED: &str = "Preencha o campo {campo}";
        CATALOGUE_TOO_LONG: &str = "O campo {campo} deve ter no máximo {max} caracteres";
        CATALOGUE_RANGE: &str = "O campo {campo} deve estar entre {min} e {max}";
        CATALOGUE_TOO_MANY: &str = "O campo {campo} aceita no máximo {max} itens";
        CATALOGUE_INVALID: &str = "O campo {campo} é inválido";
        /// A channel's source on the server's own machine or a private network (the station would poll
        /// it from inside), by its number or by a name that resolves there.
        CATALOGUE_PRIVATE_ADDRESS: &str = "O campo {campo} não aceita endereços locais ou da rede interna";
        CATALOGUE_UNKNOWN_FIELD: &str = "Campo desconhecido: {campo}";
        CATALOGUE_MISSING_REFERENCE: &str = "O item escolhido em {campo} não existe";
        CATALOGUE_DUPLICATE: &str = "Já existe um item com este valor em {campo}";
        CATALOGUE_IN_USE: &str = "Este item não pode ser excluído porque outros itens o usam";
        CATALOGUE_FIXED: &str = "Os itens desta lista são editados, não criados nem excluídos";
        CATALOGUE_SAVED: &str = "Salvo";
        CATALOGUE_DELETED: &str = "Excluído";
        /// Station settings (top bar, logo, maintenance switch).
        SETTINGS_TEXT: &str = "Os textos da barra devem ter no máximo 200 caracteres";
        SETTINGS_LINK: &str = "O link da barra deve começar com / ou https://";
        SETTINGS_COLOR: &str = "As cores devem estar no formato #RRGGBB";
        SETTINGS_LOGO: &str = "O logo deve ser enviado pelo botão de upload";
        SETTINGS_CODES: &str = "Testes e campanhas usam até 40 letras minúsculas, números, _ ou -";
        SETTINGS_AD_URL: &str = "Os endereços de anúncio devem começar com / ou https://";
        SETTINGS_SAVED: &str = "Parâmetros salvos";
        AUDIO_TYPE: &str = "O áudio deve ser um MP3";
        AUDIO_SIZE: &str = "O áudio deve ter no máximo 30 MB";
    }
}

rules! {
    pub const RULES;
    /// Registration (doc1 §5, C01): name 3–50 letters and spaces, e-mail ≤ 50, password 6–20.
    REGISTER_NAME_MIN: usize = 3;
    REGISTER_NAME_MAX: usize = 50;
    EMAIL_MAX: usize = 50;
    /// C01: one minimum for every flow that sets a password (registration, reset, profile change).
    PASSWORD_MIN: usize = 6;
    REGISTER_PASSWORD_MAX: usize = 20;
    /// Reset and profile change have no documented maximum; a sane server cap (C01).
    PASSWORD_MAX: usize = 128;
    /// The e-mail confirmation code: exactly this many digits.
    CONFIRMATION_CODE_LENGTH: usize = 6;
    /// Profile (doc3 §5): trimmed lengths, inclusive; only the name is required (G15).
    PROFILE_NAME_MIN: usize = 2;
    PROFILE_NAME_MAX: usize = 30;
    LAST_NAME_MIN: usize = 2;
    LAST_NAME_MAX: usize = 30;
    DISTRICT_MIN: usize = 3;
    DISTRICT_MAX: usize = 30;
    STREET_MIN: usize = 3;
    STREET_MAX: usize = 60;
    ADDRESS_SUPPLEMENT_MAX: usize = 30;
    STREET_NUMBER_MAX_DIGITS: usize = 5;
    /// `(99) 9999-9999` and `(99) 99999-9999`.
    TELEFONE_LENGTHS: [usize; 2] = [14, 15];
    /// `99999-999`.
    CEP_LENGTH: usize = 9;
    CPF_DIGITS: usize = 11;
    /// `999.999.999-99`.
    CPF_MASKED_LENGTH: usize = 14;
    /// Birth date: the age on today's São Paulo date, inclusive (G17).
    MIN_AGE: i32 = 4;
    MAX_AGE: i32 = 110;
    GENDERS: [&str; 2] = ["FEMININO", "MASCULINO"];
    /// Promotion answer (doc2 §5): free text up to 350 characters, a single word (rs_keywords 'S') up
    /// to 30; the form truncates what is typed, the server refuses longer ('answer too long', G48).
    PROMOTION_ANSWER_MAX: usize = 350;
    PROMOTION_KEYWORD_ANSWER_MAX: usize = 30;
    /// Recommend a song (doc2 §5; G47): trimmed lengths, inclusive; the link is optional.
    RECOMMEND_ARTIST_MIN: usize = 1;
    RECOMMEND_ARTIST_MAX: usize = 50;
    RECOMMEND_MUSIC_MIN: usize = 1;
    RECOMMEND_MUSIC_MAX: usize = 50;
    RECOMMEND_LINK_MIN: usize = 10;
    RECOMMEND_LINK_MAX: usize = 70;
    RECOMMEND_MESSAGE_MIN: usize = 5;
    RECOMMEND_MESSAGE_MAX: usize = 500;
    /// Contact (doc2 §5, §9; C13–C16): name, e-mail, text and subject required; tel, city and state
    /// optional and checked when filled. The name is letters (accents allowed) and spaces.
    CONTACT_NAME_MIN: usize = 3;
    CONTACT_NAME_MAX: usize = 30;
    CONTACT_EMAIL_MAX: usize = 50;
    /// C14: the form's own lengths; the mask `(99) 99999-9999` makes 14 or 15 the normal case.
    CONTACT_TEL_MIN: usize = 13;
    CONTACT_TEL_MAX: usize = 15;
    CONTACT_CITY_MIN: usize = 3;
    CONTACT_CITY_MAX: usize = 30;
    CONTACT_STATE_LENGTH: usize = 2;
    CONTACT_TEXT_MIN: usize = 3;
    CONTACT_TEXT_MAX: usize = 1000;
    /// The subjects in id order: id 1 is 'Geral', …, id 7 'Programação musical' (doc2 §9).
    CONTACT_SUBJECTS: [&str; 7] = [
        "Geral",
        "Comercial",
        "RH",
        "Promoções",
        "Relatar um problema",
        "Jornalismo",
        "Programação musical",
    ];
    /// G27: `/contato?assunto=comercial` (or `?subject=comercial`) presets this subject id.
    CONTACT_COMMERCIAL_ID: usize = 2;
    /// Work with us (doc2 §5; C14–C16). Name and last name are letters (accents allowed) and spaces.
    WORK_NAME_MIN: usize = 3;
    WORK_NAME_MAX: usize = 20;
    WORK_LAST_NAME_MIN: usize = 3;
    WORK_LAST_NAME_MAX: usize = 30;
    WORK_TELEFONE_MIN: usize = 13;
    WORK_TELEFONE_MAX: usize = 15;
    WORK_EMAIL_MAX: usize = 30;
    WORK_ROLE_MIN: usize = 3;
    WORK_ROLE_MAX: usize = 50;
    WORK_ABOUT_MIN: usize = 3;
    WORK_ABOUT_MAX: usize = 1000;
    /// G24: the CV is a PDF, DOC or DOCX of at most 5 MB, told apart by its bytes, not its name.
    WORK_CV_MAX_BYTES: usize = 5 * 1024 * 1024;
    WORK_CV_EXTENSIONS: [&str; 3] = ["pdf", "doc", "docx"];
    /// The file input's `accept`: what the picker offers (the server still reads the bytes).
    WORK_CV_ACCEPT: &str = ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    /// Free-streaming request (doc2 §5; C03, G25): checked in this order, the first failure is the
    /// message. Text fields are trimmed; required means at least 1 character.
    FREE_STREAMING_COMPANY_MAX: usize = 50;
    FREE_STREAMING_TRADE_NAME_MAX: usize = 50;
    /// `99.999.999/9999-99`; 14 digits bare.
    FREE_STREAMING_CNPJ_MASKED_LENGTH: usize = 18;
    FREE_STREAMING_CNPJ_DIGITS: usize = 14;
    FREE_STREAMING_PAGE_MAX: usize = 50;
    /// C03: 2–30, what the message says (the original check said 3).
    FREE_STREAMING_OWNER_MIN: usize = 2;
    FREE_STREAMING_OWNER_MAX: usize = 30;
    FREE_STREAMING_EMAIL_MAX: usize = 40;
    /// `(99) 9999-9999` or `(99) 99999-9999`, when given.
    FREE_STREAMING_TELEFONE_LENGTHS: [usize; 2] = [14, 15];
    /// G25: the band is chosen from these.
    FREE_STREAMING_BANDS: [&str; 3] = ["FM", "AM", "OM/OC"];
    /// G25: frequency and power are free text up to 50 characters.
    FREE_STREAMING_FREQUENCY_MAX: usize = 50;
    FREE_STREAMING_POWER_MAX: usize = 50;
    FREE_STREAMING_STATE_MAX: usize = 50;
    FREE_STREAMING_CITY_MAX: usize = 50;
    /// Staff permissions (`onda-server admin grant-permission`; S12, G22 amended): 1–3 are the
    /// spec's, the rest are ours. The server checks them on every call; the UI only hides what a
    /// permission does not open.
    PERMISSION_READ_STATS: i32 = 1;
    PERMISSION_CLEAN_CACHE: i32 = 2;
    PERMISSION_SEE_AFFILIATES: i32 = 3;
    PERMISSION_READ_INBOX: i32 = 4;
    /// Write and publish news, tags and journalists.
    PERMISSION_NEWSROOM: i32 = 5;
    /// Promotions (answers, draws) and treasure hunts.
    PERMISSION_PROMOTIONS: i32 = 6;
    /// Artists, songs, top lists, programmes, partners, affiliates, clients and spots, legal texts, FAQ,
    /// app parameters and the maintenance switch.
    PERMISSION_CATALOGUE: i32 = 7;
    /// Find a listener, grant PRO or a permission, disable an account; read the audit log.
    PERMISSION_PEOPLE: i32 = 8;
    /// Back office, people: the longest search (e-mail or name), in characters.
    PEOPLE_QUERY_MAX: usize = 100;
    /// Back office, newsroom: trimmed lengths in characters, inclusive.
    NEWSROOM_TITLE_MIN: usize = 5;
    NEWSROOM_TITLE_MAX: usize = 200;
    NEWSROOM_TITLE_HOME_MAX: usize = 120;
    NEWSROOM_SUBTITLE_MAX: usize = 400;
    /// The body's HTML as sent (before sanitising); a long feature is ~60,000.
    NEWSROOM_CONTENT_MAX: usize = 200_000;
    NEWSROOM_TEASER_MAX: usize = 5_000;
    NEWSROOM_TAGS_MAX: usize = 10;
    NEWSROOM_TAG_MAX: usize = 40;
    NEWSROOM_AUTHOR_MAX: usize = 80;
    NEWSROOM_CAPTION_MAX: usize = 200;
    NEWSROOM_KEYWORD_MAX: usize = 80;
    /// The podcast episode's key at the player host.
    NEWSROOM_PODCAST_ID_MAX: usize = 200;
    /// Pictures: what the picker offers (the server reads the bytes) and the largest file.
    IMAGE_ACCEPT: &str = "image/jpeg,image/png,image/webp";
    IMAGE_MAX_BYTES: usize = 10 * 1024 * 1024;
    /// Narrower than this and a cover would be blown up on the news page; wider than the maximum on
    /// either side is refused before decoding (a decompression bomb).
    IMAGE_MIN_WIDTH: usize = 600;
    IMAGE_MAX_SIDE: usize = 12_000;
    /// The widths every picture is stored in, once, at upload (cards, lists, the news page's wide cover).
    IMAGE_WIDTHS: [usize; 3] = [320, 640, 1280];
    /// Back office, promotions: trimmed lengths in characters, inclusive.
    PROMO_TITLE_MIN: usize = 3;
    PROMO_TITLE_MAX: usize = 150;
    PROMO_SHORT_DESCRIPTION_MAX: usize = 300;
    PROMO_DESCRIPTION_MAX: usize = 50_000;
    PROMO_RULES_MAX: usize = 100_000;
    PROMO_QUESTION_MAX: usize = 300;
    PROMO_AFFILIATE_MAX: usize = 60;
    /// The most winners one draw picks.
    DRAW_MAX: usize = 100;
    /// Back office, treasure hunts.
    HUNT_TITLE_MIN: usize = 3;
    HUNT_TITLE_MAX: usize = 150;
    HUNT_DESCRIPTION_MAX: usize = 2_000;
    HUNT_RULES_MAX: usize = 100_000;
    HUNT_BANNER_MAX: usize = 200;
    HUNT_PRIZES_MAX: usize = 20;
    HUNT_PRIZE_NAME_MAX: usize = 100;
    HUNT_PRIZE_DESCRIPTION_MAX: usize = 500;
    HUNT_PRIZE_QUANTITY_MAX: usize = 100_000;
    /// Back-office audio (songs, previews, spots): the picker's types and the largest file.
    AUDIO_ACCEPT: &str = "audio/mpeg,.mp3";
    AUDIO_MAX_BYTES: usize = 30 * 1024 * 1024;
    /// Station settings: the top bar's texts.
    SETTINGS_TEXT_MAX: usize = 200;
}

/// The longest answer a promotion takes (doc2 §5).
pub fn promotion_answer_max(single_word: bool) -> usize {
    if single_word {
        PROMOTION_KEYWORD_ANSWER_MAX
    } else {
        PROMOTION_ANSWER_MAX
    }
}

fn chars(value: &str) -> usize {
    value.chars().count()
}

/// Registration name: trimmed, 3–50 characters, Unicode letters and spaces only.
pub fn register_name(name: &str) -> bool {
    let name = name.trim();
    (REGISTER_NAME_MIN..=REGISTER_NAME_MAX).contains(&chars(name))
        && name.chars().all(|c| c.is_alphabetic() || c == ' ')
}

/// A standard e-mail shape: `local@domain.tld`, no spaces, at most 50 characters.
pub fn email(email: &str) -> bool {
    email_within(email, EMAIL_MAX)
}

/// A standard e-mail shape of at most `max` characters (C15: each form has its own maximum).
pub fn email_within(email: &str, max: usize) -> bool {
    if chars(email) > max || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

pub fn register_password(password: &str) -> bool {
    (PASSWORD_MIN..=REGISTER_PASSWORD_MAX).contains(&chars(password))
}

/// Reset and profile change: at least 6, at most the server cap.
pub fn new_password(password: &str) -> bool {
    (PASSWORD_MIN..=PASSWORD_MAX).contains(&chars(password))
}

/// Exactly six digits.
pub fn confirmation_code(code: &str) -> bool {
    code.len() == CONFIRMATION_CODE_LENGTH && code.bytes().all(|b| b.is_ascii_digit())
}

/// Profile name: required, trimmed 2–30.
pub fn profile_name(name: &str) -> Result<(), &'static str> {
    length(name, PROFILE_NAME_MIN, PROFILE_NAME_MAX, messages::NAME)
}

pub fn last_name(value: &str) -> Result<(), &'static str> {
    length(value, LAST_NAME_MIN, LAST_NAME_MAX, messages::LAST_NAME)
}

pub fn district(value: &str) -> Result<(), &'static str> {
    length(value, DISTRICT_MIN, DISTRICT_MAX, messages::DISTRICT)
}

pub fn street(value: &str) -> Result<(), &'static str> {
    length(value, STREET_MIN, STREET_MAX, messages::STREET)
}

pub fn address_supplement(value: &str) -> Result<(), &'static str> {
    length(value, 0, ADDRESS_SUPPLEMENT_MAX, messages::ADDRESS_SUPPLEMENT)
}

fn length(value: &str, min: usize, max: usize, message: &'static str) -> Result<(), &'static str> {
    if (min..=max).contains(&chars(value.trim())) {
        Ok(())
    } else {
        Err(message)
    }
}

/// A non-negative integer of at most 5 digits.
pub fn street_number(value: &str) -> Result<(), &'static str> {
    let value = value.trim();
    if !value.is_empty()
        && value.len() <= STREET_NUMBER_MAX_DIGITS
        && value.bytes().all(|b| b.is_ascii_digit())
    {
        Ok(())
    } else {
        Err(messages::STREET_NUMBER)
    }
}

/// `99999-999`.
pub fn cep(value: &str) -> Result<(), &'static str> {
    let b = value.as_bytes();
    let ok = b.len() == CEP_LENGTH
        && b[5] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 5 || c.is_ascii_digit());
    if ok { Ok(()) } else { Err(messages::CEP) }
}

/// `(99) 9999-9999` (14) or `(99) 99999-9999` (15).
pub fn telefone(value: &str) -> Result<(), &'static str> {
    // The total length fixes the digits before the dash (4 or 5) once the rest of the mask is checked.
    let ok = TELEFONE_LENGTHS.contains(&value.len())
        && (|| {
            let rest = value.strip_prefix('(')?;
            let (ddd, rest) = rest.split_once(") ")?;
            let (first, last) = rest.split_once('-')?;
            let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
            Some(ddd.len() == 2 && digits(ddd) && digits(first) && last.len() == 4 && digits(last))
        })()
        .unwrap_or(false);
    if ok { Ok(()) } else { Err(messages::TELEFONE) }
}

/// The 11 digits of a CPF given masked (`999.999.999-99`) or bare, when the check digits are right and
/// the digits are not all equal.
pub fn cpf_digits(value: &str) -> Option<[u8; CPF_DIGITS]> {
    let value = value.trim();
    let bare: String = if value.len() == CPF_MASKED_LENGTH {
        let b = value.as_bytes();
        if b[3] != b'.' || b[7] != b'.' || b[11] != b'-' {
            return None;
        }
        value.chars().filter(|c| c.is_ascii_digit()).collect()
    } else {
        value.to_owned()
    };
    if bare.len() != CPF_DIGITS || !bare.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut digits = [0u8; CPF_DIGITS];
    for (slot, byte) in digits.iter_mut().zip(bare.bytes()) {
        *slot = byte - b'0';
    }
    if digits.iter().all(|&d| d == digits[0]) {
        return None;
    }
    let check = |len: usize| {
        let sum: u32 = (0..len)
            .map(|i| u32::from(digits[i]) * (len as u32 + 1 - i as u32))
            .sum();
        let rest = (sum * 10) % 11;
        if rest == 10 { 0 } else { rest as u8 }
    };
    (check(9) == digits[9] && check(10) == digits[10]).then_some(digits)
}

pub fn cpf(value: &str) -> Result<String, &'static str> {
    let d = cpf_digits(value).ok_or(messages::CPF)?;
    let s: String = d.iter().map(|d| char::from(b'0' + d)).collect();
    Ok(format!("{}.{}.{}-{}", &s[0..3], &s[3..6], &s[6..9], &s[9..11]))
}

pub fn gender(value: &str) -> Result<(), &'static str> {
    if GENDERS.contains(&value) {
        Ok(())
    } else {
        Err(messages::GENDER)
    }
}

/// A calendar date `YYYY-MM-DD` as (year, month, day) when it exists.
pub fn parse_date(value: &str) -> Option<(i32, u32, u32)> {
    let b = value.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year: i32 = value[0..4].parse().ok()?;
    let month: u32 = value[5..7].parse().ok()?;
    let day: u32 = value[8..10].parse().ok()?;
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (day >= 1 && day <= days).then_some((year, month, day))
}

/// Birth date: a real date, not in the future, giving an age of 4 to 110 inclusive on `today` (the
/// calendar date in America/Sao_Paulo, G17).
pub fn birthday(value: &str, today: (i32, u32, u32)) -> Result<(), &'static str> {
    let (year, month, day) = parse_date(value).ok_or(messages::BIRTHDAY)?;
    if (year, month, day) > today {
        return Err(messages::BIRTHDAY);
    }
    let mut age = today.0 - year;
    if (today.1, today.2) < (month, day) {
        age -= 1;
    }
    if (MIN_AGE..=MAX_AGE).contains(&age) {
        Ok(())
    } else {
        Err(messages::BIRTHDAY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpf_check_digits() {
        assert_eq!(cpf("529.982.247-25"), Ok("529.982.247-25".to_owned()));
        assert_eq!(cpf("52998224725"), Ok("529.982.247-25".to_owned()));
        assert!(cpf("529.982.247-24").is_err());
        assert!(cpf("111.111.111-11").is_err());
        assert!(cpf("529982247").is_err());
    }

    #[test]
    fn birthday_boundaries_are_inclusive() {
        let today = (2026, 6, 15);
        assert!(birthday("2022-06-15", today).is_ok()); // 4 today
        assert!(birthday("2022-06-16", today).is_err()); // 3
        assert!(birthday("1916-06-15", today).is_ok()); // 110
        assert!(birthday("1915-06-15", today).is_err()); // 111
        assert!(birthday("2026-02-30", today).is_err());
        assert!(birthday("2030-01-01", today).is_err());
    }

    /// The texts spell their limits out; a limit changed without its message fails here.
    #[test]
    fn messages_quote_their_limits() {
        let between = |min: usize, max: usize| format!("no mínimo {min} e no máximo {max} carateres");
        assert!(messages::NAME.ends_with(&between(PROFILE_NAME_MIN, PROFILE_NAME_MAX)));
        assert!(messages::LAST_NAME.ends_with(&between(LAST_NAME_MIN, LAST_NAME_MAX)));
        assert!(messages::DISTRICT.ends_with(&between(DISTRICT_MIN, DISTRICT_MAX)));
        assert!(messages::STREET.ends_with(&between(STREET_MIN, STREET_MAX)));
        assert!(
            messages::ADDRESS_SUPPLEMENT.ends_with(&format!("no máximo {ADDRESS_SUPPLEMENT_MAX} carateres"))
        );
        assert!(messages::STREET_NUMBER.ends_with(&format!("no máximo {STREET_NUMBER_MAX_DIGITS} dígitos")));
        assert!(messages::CODE_FORMAT.ends_with(&format!("tem {CONFIRMATION_CODE_LENGTH} números")));
        assert!(messages::RESET_PASSWORD_SHORT.ends_with(&format!("menos de {PASSWORD_MIN} caracteres")));
        assert!(messages::NEW_PASSWORD.ends_with(&format!("no mínimo {PASSWORD_MIN} carateres")));
    }

    #[test]
    fn lengths_come_from_the_constants() {
        assert!(confirmation_code(&"1".repeat(CONFIRMATION_CODE_LENGTH)));
        assert!(!confirmation_code(&"1".repeat(CONFIRMATION_CODE_LENGTH + 1)));
        assert!(profile_name(&"x".repeat(PROFILE_NAME_MAX)).is_ok());
        assert_eq!(
            profile_name(&"x".repeat(PROFILE_NAME_MAX + 1)),
            Err(messages::NAME)
        );
        assert_eq!(street(&"x".repeat(STREET_MIN - 1)), Err(messages::STREET));
        assert_eq!(
            address_supplement(&"x".repeat(ADDRESS_SUPPLEMENT_MAX + 1)),
            Err(messages::ADDRESS_SUPPLEMENT)
        );
        assert_eq!(telefone("(11) 987654-4321"), Err(messages::TELEFONE)); // 16
    }

    #[test]
    fn masks() {
        assert!(telefone("(11) 98765-4321").is_ok());
        assert!(telefone("(11) 8765-4321").is_ok());
        assert!(telefone("(11) 9876-543").is_err());
        assert!(cep("01310-100").is_ok());
        assert!(cep("12345-67").is_err());
        assert!(street_number("12345").is_ok());
        assert!(street_number("123456").is_err());
        assert!(street_number("-1").is_err());
        assert!(register_name("José da Silva"));
        assert!(!register_name("João3"));
        assert!(!register_name("Jo"));
        assert!(email("a@b.co"));
        assert!(!email("a@b"));
    }
}
