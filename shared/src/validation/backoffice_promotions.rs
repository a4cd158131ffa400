//! The checks of the back office's promotion and hunt editors: the server runs them on every
//! save and the UI runs the same rules from the generated limits and messages. Each answers the input
//! normalised (trimmed) or the message of the first rule it breaks, in the editor's order. The dates
//! (they need a clock and a calendar) and what needs the database (prizes already won) are the server's.

use super::*;
use crate::backoffice_promotions::{HuntInput, HuntPrizeInput, PromotionInput};

type Checked<T> = Result<T, &'static str>;

fn chars(value: &str) -> usize {
    value.chars().count()
}

fn at_most(value: &str, max: usize, message: &'static str) -> Checked<String> {
    let value = value.trim();
    if chars(value) <= max {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

fn between(value: &str, min: usize, max: usize, message: &'static str) -> Checked<String> {
    let value = value.trim();
    if (min..=max).contains(&chars(value)) {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

/// A picture field: '' or an uploaded one (the same rule as the news cover).
fn picture(value: &str, message: &'static str) -> Checked<String> {
    let value = value.trim();
    if value.is_empty() || cover_url(value) {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

/// The promotion editor's save. What is published needs its description and its regulation.
pub fn promotion_input(input: &PromotionInput) -> Checked<PromotionInput> {
    let title = between(
        &input.title,
        PROMO_TITLE_MIN,
        PROMO_TITLE_MAX,
        messages::PROMO_TITLE,
    )?;
    let short_description = at_most(
        &input.short_description,
        PROMO_SHORT_DESCRIPTION_MAX,
        messages::PROMO_SHORT_DESCRIPTION,
    )?;
    let description = at_most(
        &input.description,
        PROMO_DESCRIPTION_MAX,
        messages::PROMO_DESCRIPTION_LONG,
    )?;
    if input.is_published && !html_has_content(&description) {
        return Err(messages::PROMO_DESCRIPTION);
    }
    let rules = at_most(&input.rules, PROMO_RULES_MAX, messages::PROMO_RULES_LONG)?;
    if input.is_published && !html_has_content(&rules) {
        return Err(messages::PROMO_RULES);
    }
    let question = at_most(&input.question, PROMO_QUESTION_MAX, messages::PROMO_QUESTION)?;
    let image_url = picture(&input.image_url, messages::PROMO_IMAGE)?;
    let banner_url = picture(&input.banner_url, messages::PROMO_IMAGE)?;
    let color_scheme = input.color_scheme.trim().to_uppercase();
    if color_scheme != "L" && color_scheme != "D" {
        return Err(messages::PROMO_COLOR_SCHEME);
    }
    let affiliate = at_most(&input.affiliate, PROMO_AFFILIATE_MAX, messages::PROMO_AFFILIATE)?;
    if input.starts_at.trim().is_empty() || input.ends_at.trim().is_empty() {
        return Err(messages::PROMO_DATES);
    }
    Ok(PromotionInput {
        title,
        short_description,
        description,
        rules,
        question,
        image_url,
        banner_url,
        color_scheme,
        is_pro: input.is_pro,
        is_editable: input.is_editable,
        is_multiple: input.is_multiple,
        is_single_word: input.is_single_word,
        affiliate,
        is_published: input.is_published,
        starts_at: input.starts_at.trim().to_owned(),
        ends_at: input.ends_at.trim().to_owned(),
        version: input.version,
    })
}

fn prize_input(prize: &HuntPrizeInput) -> Checked<HuntPrizeInput> {
    let name = between(&prize.name, 1, HUNT_PRIZE_NAME_MAX, messages::HUNT_PRIZE_NAME)?;
    let description = at_most(
        &prize.description,
        HUNT_PRIZE_DESCRIPTION_MAX,
        messages::HUNT_PRIZE_DESCRIPTION,
    )?;
    let image_url = picture(&prize.image_url, messages::PROMO_IMAGE)?;
    let max = i64::try_from(HUNT_PRIZE_QUANTITY_MAX).unwrap_or(i64::MAX);
    if !(0..=max).contains(&prize.total_quantity) {
        return Err(messages::HUNT_PRIZE_QUANTITY);
    }
    if prize.id.is_some_and(|id| id <= 0) {
        return Err(messages::HUNT_PRIZE_UNKNOWN);
    }
    Ok(HuntPrizeInput {
        id: prize.id,
        name,
        description,
        image_url,
        total_quantity: prize.total_quantity,
    })
}

/// The hunt editor's save. An active hunt needs its regulation.
pub fn hunt_input(input: &HuntInput) -> Checked<HuntInput> {
    let title = between(&input.title, HUNT_TITLE_MIN, HUNT_TITLE_MAX, messages::HUNT_TITLE)?;
    let description = at_most(
        &input.description,
        HUNT_DESCRIPTION_MAX,
        messages::HUNT_DESCRIPTION,
    )?;
    let rules = at_most(&input.rules, HUNT_RULES_MAX, messages::HUNT_RULES_LONG)?;
    if input.is_active && !html_has_content(&rules) {
        return Err(messages::HUNT_RULES);
    }
    let banner_message = at_most(&input.banner_message, HUNT_BANNER_MAX, messages::HUNT_BANNER)?;
    if input.starts_at.trim().is_empty() || input.ends_at.trim().is_empty() {
        return Err(messages::PROMO_DATES);
    }
    if !input.win_probability.is_finite() || !(0.0..=1.0).contains(&input.win_probability) {
        return Err(messages::HUNT_PROBABILITY);
    }
    if input.prizes.is_empty() || input.prizes.len() > HUNT_PRIZES_MAX {
        return Err(messages::HUNT_PRIZES);
    }
    let prizes = input
        .prizes
        .iter()
        .map(prize_input)
        .collect::<Checked<Vec<_>>>()?;
    // A stored prize named twice would be written twice.
    let mut ids: Vec<i64> = prizes.iter().filter_map(|prize| prize.id).collect();
    let named = ids.len();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != named {
        return Err(messages::HUNT_PRIZE_UNKNOWN);
    }
    Ok(HuntInput {
        title,
        description,
        rules,
        banner_message,
        is_active: input.is_active,
        starts_at: input.starts_at.trim().to_owned(),
        ends_at: input.ends_at.trim().to_owned(),
        win_probability: input.win_probability,
        prizes,
        version: input.version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promotion() -> PromotionInput {
        PromotionInput {
            title: "  Ganhe ingressos  ".into(),
            short_description: String::new(),
            description: "<p>Conte por quê</p>".into(),
            rules: "<p>Regulamento</p>".into(),
            question: String::new(),
            image_url: String::new(),
            banner_url: String::new(),
            color_scheme: "l".into(),
            is_pro: false,
            is_editable: false,
            is_multiple: false,
            is_single_word: false,
            affiliate: String::new(),
            is_published: true,
            starts_at: "2026-12-01T00:00:00-03:00".into(),
            ends_at: "2026-12-31T00:00:00-03:00".into(),
            version: None,
        }
    }

    #[test]
    fn a_promotion_is_trimmed_and_checked_in_order() {
        let checked = promotion_input(&promotion()).unwrap();
        assert_eq!(checked.title, "Ganhe ingressos");
        assert_eq!(checked.color_scheme, "L");
        let mut bad = promotion();
        bad.title = "ab".into();
        assert_eq!(promotion_input(&bad), Err(messages::PROMO_TITLE));
        let mut bad = promotion();
        bad.rules = "<p> </p>".into();
        assert_eq!(promotion_input(&bad), Err(messages::PROMO_RULES));
        bad.is_published = false;
        assert!(promotion_input(&bad).is_ok(), "a hidden draft may lack its rules");
        let mut bad = promotion();
        bad.image_url = "https://elsewhere.example/x.png".into();
        assert_eq!(promotion_input(&bad), Err(messages::PROMO_IMAGE));
        let mut bad = promotion();
        bad.color_scheme = "X".into();
        assert_eq!(promotion_input(&bad), Err(messages::PROMO_COLOR_SCHEME));
    }

    fn hunt() -> HuntInput {
        HuntInput {
            title: "Caça de verão".into(),
            description: String::new(),
            rules: "<p>Regras</p>".into(),
            banner_message: "Ache o baú!".into(),
            is_active: true,
            starts_at: "2026-12-01T00:00:00-03:00".into(),
            ends_at: "2026-12-31T00:00:00-03:00".into(),
            win_probability: 0.02,
            prizes: vec![HuntPrizeInput {
                id: None,
                name: "Camiseta".into(),
                description: String::new(),
                image_url: String::new(),
                total_quantity: 10,
            }],
            version: None,
        }
    }

    #[test]
    fn a_hunt_needs_prizes_a_probability_and_distinct_prize_ids() {
        assert!(hunt_input(&hunt()).is_ok());
        let mut bad = hunt();
        bad.prizes.clear();
        assert_eq!(hunt_input(&bad), Err(messages::HUNT_PRIZES));
        for p in [-0.1, 1.5, f64::NAN] {
            let mut bad = hunt();
            bad.win_probability = p;
            assert_eq!(hunt_input(&bad), Err(messages::HUNT_PROBABILITY));
        }
        let mut bad = hunt();
        bad.prizes[0].total_quantity = -1;
        assert_eq!(hunt_input(&bad), Err(messages::HUNT_PRIZE_QUANTITY));
        let mut bad = hunt();
        bad.prizes[0].id = Some(4);
        bad.prizes.push(bad.prizes[0].clone());
        assert_eq!(hunt_input(&bad), Err(messages::HUNT_PRIZE_UNKNOWN));
    }
}
