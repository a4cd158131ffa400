//! Text helpers every layer shares: slugs, accent folding and a stable hash.

/// FNV-1a with a final avalanche: a stable hash (same input, same number on every run and machine), so
/// demo data and the pictures and sounds derived from a slug never change between starts.
pub fn stable_hash(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0xff)) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    // Final avalanche (splitmix64) so nearby inputs give unrelated outputs.
    hash ^= hash >> 30;
    hash = hash.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash ^= hash >> 27;
    hash = hash.wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ (hash >> 31)
}

/// Lower-case ASCII slug: accents dropped, anything else that is not a letter or digit becomes '-'.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut dash = false;
    for ch in text.chars().flat_map(char::to_lowercase) {
        let ch = fold_accent(ch);
        if ch.is_ascii_alphanumeric() {
            if dash && !slug.is_empty() {
                slug.push('-');
            }
            dash = false;
            slug.push(ch);
        } else if ch == '÷' {
            // Ed Sheeran's '÷' album.
            if !slug.is_empty() {
                dash = true;
            }
            slug.push_str("divide");
        } else if ch != '\'' && ch != '’' {
            dash = true;
        }
    }
    slug
}

pub fn fold_accent(ch: char) -> char {
    match ch {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        'ÿ' => 'y',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_drop_accents_and_punctuation() {
        assert_eq!(slugify("Águas de Março"), "aguas-de-marco");
        assert_eq!(slugify("Non, je ne regrette rien"), "non-je-ne-regrette-rien");
        assert_eq!(slugify("Livin' on a Prayer"), "livin-on-a-prayer");
        assert_eq!(slugify("Måneskin"), "maneskin");
        assert_eq!(slugify("  Beat It!  "), "beat-it");
        assert_eq!(slugify("÷"), "divide");
    }
}
