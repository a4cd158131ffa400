//! A listener's CV (G24): its type is what its bytes say, whatever its name or declared MIME type, and
//! it is kept under `<data dir>/uploads/cv/`, outside everything the server serves.

use std::path::{Path, PathBuf};

/// Where the CVs are kept: under the data dir, outside everything the server serves (G24).
pub fn cv_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("uploads").join("cv")
}

/// The CV types G24 allows, as their bytes tell them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CvType {
    Pdf,
    Doc,
    Docx,
}

impl CvType {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Doc => "doc",
            Self::Docx => "docx",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Doc => "application/msword",
            Self::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }
    }

    pub fn from_extension(extension: &str) -> Option<Self> {
        [Self::Pdf, Self::Doc, Self::Docx]
            .into_iter()
            .find(|kind| kind.extension() == extension)
    }
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > haystack.len() {
        return None;
    }
    haystack[from..]
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

const OLE2: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// The CV type the bytes are, if one of G24's.
pub fn sniff(bytes: &[u8]) -> Option<CvType> {
    if bytes.starts_with(b"%PDF-") {
        return Some(CvType::Pdf);
    }
    if bytes.starts_with(&OLE2) {
        // OLE2 also holds spreadsheets and slides; a Word file has a `WordDocument` stream, whose
        // name the directory stores in UTF-16LE.
        let word: Vec<u8> = "WordDocument".encode_utf16().flat_map(u16::to_le_bytes).collect();
        return find(bytes, &word, 0).map(|_| CvType::Doc);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        let names = zip_names(bytes)?;
        let word = names.iter().any(|name| name.starts_with(b"word/"));
        let types = names.iter().any(|name| *name == b"[Content_Types].xml");
        return (word && types).then_some(CvType::Docx);
    }
    None
}

fn u16_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 2)?;
    Some(usize::from(u16::from_le_bytes([b[0], b[1]])))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 4)?;
    usize::try_from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])).ok()
}

/// The entry names of a ZIP's central directory, found from the end-of-central-directory record (the
/// local headers alone can omit sizes, so walking them is not reliable).
fn zip_names(bytes: &[u8]) -> Option<Vec<&[u8]>> {
    const EOCD: &[u8] = b"PK\x05\x06";
    const ENTRY: &[u8] = b"PK\x01\x02";
    // The record is 22 bytes plus a comment of up to 64 KiB, at the very end.
    let search_from = bytes.len().saturating_sub(22 + 65_535);
    let eocd = (search_from..=bytes.len().checked_sub(22)?)
        .rev()
        .find(|&at| bytes[at..].starts_with(EOCD))?;
    let entries = u16_at(bytes, eocd + 10)?;
    let mut at = u32_at(bytes, eocd + 16)?;
    let mut names = Vec::with_capacity(entries.min(1024));
    for _ in 0..entries {
        if !bytes.get(at..)?.starts_with(ENTRY) {
            return None;
        }
        let name_len = u16_at(bytes, at + 28)?;
        let extra_len = u16_at(bytes, at + 30)?;
        let comment_len = u16_at(bytes, at + 32)?;
        names.push(bytes.get(at + 46..at + 46 + name_len)?);
        at += 46 + name_len + extra_len + comment_len;
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal stored (uncompressed) ZIP with these entries.
    pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut central = Vec::new();
        for (name, data) in entries {
            let offset = u32::try_from(out.len()).unwrap();
            let name_len = u16::try_from(name.len()).unwrap();
            let size = u32::try_from(data.len()).unwrap();
            out.extend_from_slice(b"PK\x03\x04");
            out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            out.extend_from_slice(&0u32.to_le_bytes()); // crc (not checked here)
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&name_len.to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes());
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(data);
            central.extend_from_slice(b"PK\x01\x02");
            central.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            central.extend_from_slice(&0u32.to_le_bytes());
            central.extend_from_slice(&size.to_le_bytes());
            central.extend_from_slice(&size.to_le_bytes());
            central.extend_from_slice(&name_len.to_le_bytes());
            central.extend_from_slice(&[0; 12]);
            central.extend_from_slice(&offset.to_le_bytes());
            central.extend_from_slice(name.as_bytes());
        }
        let cd_offset = u32::try_from(out.len()).unwrap();
        let cd_size = u32::try_from(central.len()).unwrap();
        let count = u16::try_from(entries.len()).unwrap();
        out.extend_from_slice(&central);
        out.extend_from_slice(b"PK\x05\x06");
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&cd_size.to_le_bytes());
        out.extend_from_slice(&cd_offset.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out
    }

    #[test]
    fn the_bytes_decide_the_type() {
        assert_eq!(sniff(b"%PDF-1.7\n..."), Some(CvType::Pdf));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n%PDF-"), None);
        let docx = zip(&[
            ("[Content_Types].xml", b"<Types/>"),
            ("word/document.xml", b"<w:document/>"),
        ]);
        assert_eq!(sniff(&docx), Some(CvType::Docx));
        let xlsx = zip(&[("[Content_Types].xml", b"<Types/>"), ("xl/workbook.xml", b"<x/>")]);
        assert_eq!(sniff(&xlsx), None);
        let mut doc = OLE2.to_vec();
        doc.extend(vec![0; 500]);
        assert_eq!(sniff(&doc), None, "an OLE2 file without a Word stream");
        doc.extend("WordDocument".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(sniff(&doc), Some(CvType::Doc));
        assert_eq!(sniff(b"PK\x03\x04garbage"), None);
    }
}
