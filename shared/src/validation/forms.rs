//! The checks of the four listener forms (doc2 §5; C03, C13–C16, G25, G47, S01). Each takes the request
//! as sent and answers it normalised (trimmed; the CNPJ masked; blank optional fields as none) or the
//! Portuguese message of the first rule it breaks, so the server stores exactly what it checked.

use super::{messages, *};
use crate::forms::{ContactRequest, CurriculumRequest, FreeStreamingRequest, RecommendationRequest};

type Checked<T> = Result<T, &'static str>;

fn chars(value: &str) -> usize {
    value.chars().count()
}

fn within(value: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&chars(value))
}

/// Trimmed `value` when its length is in `min..=max`, else `message`.
fn text(value: &str, min: usize, max: usize, message: &'static str) -> Checked<String> {
    let value = value.trim();
    if within(value, min, max) {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

/// Letters (any script, accents included) and spaces, `min..=max` once trimmed (C16).
fn letters(value: &str, min: usize, max: usize, message: &'static str) -> Checked<String> {
    let value = text(value, min, max, message)?;
    if value.chars().all(|c| c.is_alphabetic() || c == ' ') {
        Ok(value)
    } else {
        Err(message)
    }
}

/// A phone of the contact and work-with-us forms: its length only (C14: no digit-count rules), in the
/// characters the mask `(99) 99999-9999` types.
fn masked_phone(value: &str, min: usize, max: usize, message: &'static str) -> Checked<String> {
    let value = text(value, min, max, message)?;
    if value
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '(' | ')' | ' ' | '-'))
    {
        Ok(value)
    } else {
        Err(message)
    }
}

fn email_of(value: &str, max: usize, message: &'static str) -> Checked<String> {
    let value = value.trim();
    if email_within(value, max) {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

/// A blank optional field is none.
fn optional(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

/// sendRecomendation (the session is the handler's: RECOMMEND_LOGIN).
pub fn recommendation(request: &RecommendationRequest) -> Checked<RecommendationRequest> {
    Ok(RecommendationRequest {
        artistName: text(
            &request.artistName,
            RECOMMEND_ARTIST_MIN,
            RECOMMEND_ARTIST_MAX,
            messages::RECOMMEND_ARTIST,
        )?,
        musicName: text(
            &request.musicName,
            RECOMMEND_MUSIC_MIN,
            RECOMMEND_MUSIC_MAX,
            messages::RECOMMEND_MUSIC,
        )?,
        musicLink: optional(request.musicLink.as_deref())
            .map(|link| {
                text(
                    link,
                    RECOMMEND_LINK_MIN,
                    RECOMMEND_LINK_MAX,
                    messages::RECOMMEND_LINK,
                )
            })
            .transpose()?,
        message: text(
            &request.message,
            RECOMMEND_MESSAGE_MIN,
            RECOMMEND_MESSAGE_MAX,
            messages::RECOMMEND_MESSAGE,
        )?,
    })
}

/// contact/sendMessage. `userId` comes back as none: only the session names the user (S15).
pub fn contact(request: &ContactRequest) -> Checked<ContactRequest> {
    let subjects = i64::try_from(CONTACT_SUBJECTS.len()).unwrap_or(i64::MAX);
    // C13: an empty required field (or no subject chosen) is the one message the spec gives.
    if request.name.trim().is_empty()
        || request.email.trim().is_empty()
        || request.text.trim().is_empty()
        || request.categoryId == 0
    {
        return Err(messages::CONTACT_REQUIRED);
    }
    let name = letters(
        &request.name,
        CONTACT_NAME_MIN,
        CONTACT_NAME_MAX,
        messages::CONTACT_NAME,
    )?;
    let email = email_of(&request.email, CONTACT_EMAIL_MAX, messages::CONTACT_EMAIL)?;
    let tel = match optional(Some(&request.tel)) {
        Some(tel) => masked_phone(tel, CONTACT_TEL_MIN, CONTACT_TEL_MAX, messages::CONTACT_TEL)?,
        None => String::new(),
    };
    let city = match optional(Some(&request.city)) {
        Some(city) => text(city, CONTACT_CITY_MIN, CONTACT_CITY_MAX, messages::CONTACT_CITY)?,
        None => String::new(),
    };
    let state = match optional(Some(&request.state)) {
        Some(state) => text(
            state,
            CONTACT_STATE_LENGTH,
            CONTACT_STATE_LENGTH,
            messages::CONTACT_STATE,
        )?,
        None => String::new(),
    };
    let text = text(
        &request.text,
        CONTACT_TEXT_MIN,
        CONTACT_TEXT_MAX,
        messages::CONTACT_TEXT,
    )?;
    if !(1..=subjects).contains(&request.categoryId) {
        return Err(messages::CONTACT_SUBJECT);
    }
    Ok(ContactRequest {
        name,
        email,
        tel,
        city,
        state,
        text,
        categoryId: request.categoryId,
        userId: None,
    })
}

/// The subject's name of a valid contact `categoryId`.
pub fn contact_subject(category_id: i64) -> Option<&'static str> {
    usize::try_from(category_id)
        .ok()
        .and_then(|id| id.checked_sub(1))
        .and_then(|index| CONTACT_SUBJECTS.get(index).copied())
}

/// workWithUs/sendCurriculum, without the file reference (the server checks it against its uploads);
/// a blank one is WORK_CURRICULUM.
pub fn work_with_us(request: &CurriculumRequest) -> Checked<CurriculumRequest> {
    Ok(CurriculumRequest {
        name: letters(&request.name, WORK_NAME_MIN, WORK_NAME_MAX, messages::WORK_NAME)?,
        lastName: letters(
            &request.lastName,
            WORK_LAST_NAME_MIN,
            WORK_LAST_NAME_MAX,
            messages::WORK_LAST_NAME,
        )?,
        telefone: masked_phone(
            &request.telefone,
            WORK_TELEFONE_MIN,
            WORK_TELEFONE_MAX,
            messages::WORK_TELEFONE,
        )?,
        email: email_of(&request.email, WORK_EMAIL_MAX, messages::WORK_EMAIL)?,
        textoCargo: text(
            &request.textoCargo,
            WORK_ROLE_MIN,
            WORK_ROLE_MAX,
            messages::WORK_ROLE,
        )?,
        aboutYou: text(
            &request.aboutYou,
            WORK_ABOUT_MIN,
            WORK_ABOUT_MAX,
            messages::WORK_ABOUT,
        )?,
        curriculum: optional(Some(&request.curriculum))
            .ok_or(messages::WORK_CURRICULUM)?
            .to_owned(),
    })
}

/// freeStreaming/sendMessage, in the spec's order: the first failing check is the message.
pub fn free_streaming(request: &FreeStreamingRequest) -> Checked<FreeStreamingRequest> {
    let company = text(
        &request.company,
        1,
        FREE_STREAMING_COMPANY_MAX,
        messages::FREE_STREAMING_COMPANY,
    )?;
    let trade_name = text(
        &request.tradeName,
        1,
        FREE_STREAMING_TRADE_NAME_MAX,
        messages::FREE_STREAMING_TRADE_NAME,
    )?;
    let cnpj = optional(request.cnpj.as_deref()).map(cnpj).transpose()?;
    let page = text(
        &request.page,
        1,
        FREE_STREAMING_PAGE_MAX,
        messages::FREE_STREAMING_PAGE,
    )?;
    let name_owner = text(
        &request.nameOwner,
        FREE_STREAMING_OWNER_MIN,
        FREE_STREAMING_OWNER_MAX,
        messages::FREE_STREAMING_OWNER,
    )?;
    let email_owner = email_of(
        &request.emailOwner,
        FREE_STREAMING_EMAIL_MAX,
        messages::FREE_STREAMING_EMAIL,
    )?;
    let telefone = optional(request.telefone.as_deref())
        .map(|value| {
            if FREE_STREAMING_TELEFONE_LENGTHS.contains(&value.len()) && telefone(value).is_ok() {
                Ok(value.to_owned())
            } else {
                Err(messages::FREE_STREAMING_TELEFONE)
            }
        })
        .transpose()?;
    let band = request.band.trim();
    if !FREE_STREAMING_BANDS.contains(&band) {
        return Err(messages::FREE_STREAMING_BAND);
    }
    let frequency = text(
        &request.frequency,
        1,
        FREE_STREAMING_FREQUENCY_MAX,
        messages::FREE_STREAMING_FREQUENCY,
    )?;
    let power = text(
        &request.power,
        1,
        FREE_STREAMING_POWER_MAX,
        messages::FREE_STREAMING_POWER,
    )?;
    let state = text(
        &request.state,
        1,
        FREE_STREAMING_STATE_MAX,
        messages::FREE_STREAMING_STATE,
    )?;
    let city = text(
        &request.city,
        1,
        FREE_STREAMING_CITY_MAX,
        messages::FREE_STREAMING_CITY,
    )?;
    Ok(FreeStreamingRequest {
        company,
        tradeName: trade_name,
        cnpj,
        page,
        nameOwner: name_owner,
        emailOwner: email_owner,
        telefone,
        band: band.to_owned(),
        frequency,
        power,
        state,
        city,
    })
}

/// A CNPJ given masked (`99.999.999/9999-99`) or as 14 bare digits, answered masked, when its two
/// check digits are right and its digits are not all equal.
pub fn cnpj(value: &str) -> Checked<String> {
    let value = value.trim();
    let bare: String = if value.len() == FREE_STREAMING_CNPJ_MASKED_LENGTH {
        let b = value.as_bytes();
        if b[2] != b'.' || b[6] != b'.' || b[10] != b'/' || b[15] != b'-' {
            return Err(messages::FREE_STREAMING_CNPJ);
        }
        value.chars().filter(char::is_ascii_digit).collect()
    } else {
        value.to_owned()
    };
    if bare.len() != FREE_STREAMING_CNPJ_DIGITS || !bare.bytes().all(|b| b.is_ascii_digit()) {
        return Err(messages::FREE_STREAMING_CNPJ);
    }
    let digits: Vec<u32> = bare.bytes().map(|b| u32::from(b - b'0')).collect();
    if digits.iter().all(|&d| d == digits[0]) {
        return Err(messages::FREE_STREAMING_CNPJ);
    }
    // Weights 2..=9 from the right, cycling (Receita Federal's modulo-11 rule).
    let check = |len: usize| {
        let sum: u32 = digits[..len]
            .iter()
            .rev()
            .zip((2..=9).cycle())
            .map(|(d, weight)| d * weight)
            .sum();
        let rest = sum % 11;
        if rest < 2 { 0 } else { 11 - rest }
    };
    if check(12) != digits[12] || check(13) != digits[13] {
        return Err(messages::FREE_STREAMING_CNPJ);
    }
    Ok(format!(
        "{}.{}.{}/{}-{}",
        &bare[0..2],
        &bare[2..5],
        &bare[5..8],
        &bare[8..12],
        &bare[12..14]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recommendation_of(artist: &str, link: Option<&str>, message: &str) -> RecommendationRequest {
        RecommendationRequest {
            artistName: artist.to_owned(),
            musicName: "Águas de Março".to_owned(),
            musicLink: link.map(str::to_owned),
            message: message.to_owned(),
        }
    }

    #[test]
    fn recommendation_boundaries() {
        let ok = recommendation(&recommendation_of("  Elis  ", Some("  "), "Toca aí!")).unwrap();
        assert_eq!((ok.artistName.as_str(), ok.musicLink), ("Elis", None));
        assert_eq!(
            recommendation(&recommendation_of("   ", None, "Toca aí!")),
            Err(messages::RECOMMEND_ARTIST)
        );
        assert_eq!(
            recommendation(&recommendation_of(&"a".repeat(51), None, "Toca aí!")),
            Err(messages::RECOMMEND_ARTIST)
        );
        assert!(recommendation(&recommendation_of(&"a".repeat(50), None, "Toca aí!")).is_ok());
        assert_eq!(
            recommendation(&recommendation_of("Elis", Some(&"l".repeat(9)), "Toca aí!")),
            Err(messages::RECOMMEND_LINK)
        );
        assert!(recommendation(&recommendation_of("Elis", Some(&"l".repeat(70)), "Toca aí!")).is_ok());
        assert_eq!(
            recommendation(&recommendation_of("Elis", None, "Toca")),
            Err(messages::RECOMMEND_MESSAGE)
        );
        assert!(recommendation(&recommendation_of("Elis", None, &"m".repeat(500))).is_ok());
        assert_eq!(
            recommendation(&recommendation_of("Elis", None, &"m".repeat(501))),
            Err(messages::RECOMMEND_MESSAGE)
        );
    }

    fn contact_of(name: &str, tel: &str, state: &str, category: i64) -> ContactRequest {
        ContactRequest {
            name: name.to_owned(),
            email: "ana@exemplo.com".to_owned(),
            tel: tel.to_owned(),
            city: String::new(),
            state: state.to_owned(),
            text: "Olá".to_owned(),
            categoryId: category,
            userId: Some(99),
        }
    }

    #[test]
    fn contact_rules() {
        let ok = contact(&contact_of("Ana", "", "", 1)).unwrap();
        assert_eq!(ok.userId, None, "S15: never the body's");
        assert!(contact(&contact_of("Ana", "(11) 98765-4321", "SP", 7)).is_ok());
        assert_eq!(
            contact(&contact_of("", "", "", 1)),
            Err(messages::CONTACT_REQUIRED)
        );
        assert_eq!(
            contact(&contact_of("Ana", "", "", 0)),
            Err(messages::CONTACT_REQUIRED)
        );
        assert_eq!(
            contact(&contact_of("A1a", "", "", 1)),
            Err(messages::CONTACT_NAME)
        );
        assert_eq!(
            contact(&contact_of("Ana", "", "SPX", 1)),
            Err(messages::CONTACT_STATE)
        );
        assert_eq!(
            contact(&contact_of("Ana", "(11) 98765", "", 1)),
            Err(messages::CONTACT_TEL)
        );
        assert_eq!(
            contact(&contact_of("Ana", "", "", 8)),
            Err(messages::CONTACT_SUBJECT)
        );
        assert_eq!(contact_subject(2), Some("Comercial"));
        assert_eq!(contact_subject(0), None);
        assert_eq!(contact_subject(8), None);
    }

    #[test]
    fn cnpj_check_digits() {
        assert_eq!(cnpj("11.222.333/0001-81"), Ok("11.222.333/0001-81".to_owned()));
        assert_eq!(cnpj("11222333000181"), Ok("11.222.333/0001-81".to_owned()));
        assert!(cnpj("11.222.333/0001-82").is_err());
        assert!(cnpj("11.111.111/1111-11").is_err());
        assert!(cnpj("11-222.333/0001.81").is_err());
        assert!(cnpj("1122233300018").is_err());
    }

    fn free_streaming_of() -> FreeStreamingRequest {
        FreeStreamingRequest {
            company: "Rádio Exemplo Ltda".to_owned(),
            tradeName: "Rádio Exemplo".to_owned(),
            cnpj: None,
            page: "https://exemplo.com.br".to_owned(),
            nameOwner: "Ana".to_owned(),
            emailOwner: "ana@exemplo.com".to_owned(),
            telefone: None,
            band: "FM".to_owned(),
            frequency: "98,5".to_owned(),
            power: "A4".to_owned(),
            state: "SP".to_owned(),
            city: "Campinas".to_owned(),
        }
    }

    #[test]
    fn free_streaming_order_and_rules() {
        assert!(free_streaming(&free_streaming_of()).is_ok());
        let empty = FreeStreamingRequest {
            company: String::new(),
            tradeName: String::new(),
            cnpj: None,
            page: String::new(),
            nameOwner: String::new(),
            emailOwner: String::new(),
            telefone: None,
            band: String::new(),
            frequency: String::new(),
            power: String::new(),
            state: String::new(),
            city: String::new(),
        };
        assert_eq!(free_streaming(&empty), Err(messages::FREE_STREAMING_COMPANY));
        let with = |change: fn(&mut FreeStreamingRequest)| {
            let mut request = free_streaming_of();
            change(&mut request);
            free_streaming(&request)
        };
        assert_eq!(
            with(|r| r.nameOwner = "A".into()),
            Err(messages::FREE_STREAMING_OWNER)
        );
        assert_eq!(
            with(|r| r.nameOwner = "x".repeat(31)),
            Err(messages::FREE_STREAMING_OWNER)
        );
        assert_eq!(
            with(|r| r.emailOwner = "a@b".into()),
            Err(messages::FREE_STREAMING_EMAIL)
        );
        assert_eq!(
            with(|r| r.emailOwner = format!("{}@b.co", "a".repeat(36))),
            Err(messages::FREE_STREAMING_EMAIL)
        );
        assert_eq!(
            with(|r| r.telefone = Some("(11) 9876-543".into())),
            Err(messages::FREE_STREAMING_TELEFONE)
        );
        assert!(with(|r| r.telefone = Some("(11) 3456-7890".into())).is_ok());
        assert!(with(|r| r.telefone = Some(String::new())).is_ok());
        assert_eq!(with(|r| r.band = "XM".into()), Err(messages::FREE_STREAMING_BAND));
        assert_eq!(
            with(|r| r.frequency = " ".into()),
            Err(messages::FREE_STREAMING_FREQUENCY)
        );
        assert_eq!(
            with(|r| r.power = String::new()),
            Err(messages::FREE_STREAMING_POWER)
        );
        assert_eq!(
            with(|r| r.state = String::new()),
            Err(messages::FREE_STREAMING_STATE)
        );
        assert_eq!(
            with(|r| r.city = String::new()),
            Err(messages::FREE_STREAMING_CITY)
        );
        assert_eq!(
            with(|r| r.cnpj = Some("12.345.678/0001-00".into())),
            Err(messages::FREE_STREAMING_CNPJ)
        );
        assert_eq!(
            with(|r| r.company = "c".repeat(51)),
            Err(messages::FREE_STREAMING_COMPANY)
        );
    }
}
