//! The compiled-card cache: the embedded cards, once compiled, stored in a file keyed by a hash
//! of the card files, the grammar and the source (`SOURCE_HASH`, made by `build.rs`), so a
//! process after the first starts in milliseconds instead of parsing every card again.
//!
//! The cache is an optimization only: a missing, unreadable, corrupt or foreign file is
//! recompiled and rewritten, and a file that can't be written is skipped. Files are written
//! whole under a temporary name and renamed into place, so a reader never sees half a file.
//! Where it lives: `$RIFTBOUND_CACHE_DIR` (set it empty to turn the cache off), else
//! `$XDG_CACHE_HOME/riftbound`, else `$HOME/.cache/riftbound`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use serde::{Deserialize, Serialize};

use rayon::prelude::*;

use crate::riftbound::cards::{CardDb, CardDef, Lookups};
use crate::riftbound::embedded::SOURCE_HASH;

/// The first bytes of a cache file: what it is and the layout's version.
const MAGIC: &[u8; 8] = b"RBCARDS2";

/// The folder of the cache, or None when it is turned off or no home is known.
pub fn dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("RIFTBOUND_CACHE_DIR") {
        return (!d.is_empty()).then(|| PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("riftbound"));
    }
    std::env::var_os("HOME").filter(|d| !d.is_empty()).map(|h| PathBuf::from(h).join(".cache").join("riftbound"))
}

/// The file for this build's cards in `dir`.
pub fn file_in(dir: &Path) -> PathBuf {
    dir.join(format!("cards-{SOURCE_HASH:016x}.bin"))
}

/// What precedes the cards in a cache file: the lookup tables with their keys made, and each
/// card's encoded length, so the cards can be decoded on every core.
#[derive(Serialize, Deserialize)]
struct Index {
    content_hash: u64,
    /// Each card's encoded length, in index order.
    lens: Vec<u32>,
    keys: [Vec<(String, u32)>; 2],
}

/// The cards stored in `file`, if it holds this build's cards whole.
pub fn read(file: &Path) -> Option<CardDb> {
    let bytes = std::fs::read(file).ok()?;
    let body = bytes.strip_prefix(MAGIC.as_slice())?;
    let (hash, body) = body.split_first_chunk::<8>()?;
    let (sum, body) = body.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*hash) != SOURCE_HASH || u64::from_le_bytes(*sum) != checksum(body) {
        return None;
    }
    let (index, mut rest): (Index, &[u8]) = postcard::take_from_bytes(body).ok()?;
    let mut encoded = Vec::with_capacity(index.lens.len());
    for len in index.lens {
        let (card, after) = rest.split_at_checked(len as usize)?;
        encoded.push(card);
        rest = after;
    }
    if !rest.is_empty() {
        return None;
    }
    // The cards decode on the pool's threads while this one builds the lookup tables.
    let (cards, lookups) = rayon::join(
        || encoded.par_iter().map(|card| postcard::from_bytes(card).ok()).collect::<Option<Vec<CardDef>>>(),
        || Lookups::from_keys(index.keys),
    );
    CardDb::from_parts(cards?, lookups, index.content_hash)
}

/// The bytes `read` accepts for `db`.
pub fn encode(db: &CardDb) -> Option<Vec<u8>> {
    let cards = db.cards().iter().map(postcard::to_stdvec).collect::<Result<Vec<_>, _>>().ok()?;
    let lens = cards.iter().map(|c| u32::try_from(c.len()).ok()).collect::<Option<_>>()?;
    let index = Index { content_hash: db.content_hash(), lens, keys: db.keys() };
    let mut body = postcard::to_stdvec(&index).ok()?;
    body.extend(cards.concat());
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&SOURCE_HASH.to_le_bytes());
    bytes.extend_from_slice(&checksum(&body).to_le_bytes());
    bytes.extend_from_slice(&body);
    Some(bytes)
}

/// A checksum of the stored cards, so a damaged file that would still decode is not read. It
/// takes eight bytes a step (a byte-wise FNV-1a of the 450 KB file was a tenth of a one-game
/// run): each step is a bijection of the running value for a fixed word, so any one changed
/// word changes the result.
fn checksum(body: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = body.len() as u64;
    let mut words = body.chunks_exact(8);
    for w in &mut words {
        h = (h.rotate_left(23) ^ u64::from_le_bytes(w.try_into().unwrap_or_default())).wrapping_mul(K);
    }
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    (h.rotate_left(23) ^ u64::from_le_bytes(last)).wrapping_mul(K)
}

/// Stores `db` in `file`, replacing the cache files of other builds in the same folder (they can
/// only be stale). Any failure leaves no partial file behind and is otherwise ignored.
pub fn write(file: &Path, db: &CardDb) {
    let (Some(dir), Some(bytes)) = (file.parent(), encode(db)) else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    static WRITES: AtomicU32 = AtomicU32::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".cards-{}-{n}.tmp", std::process::id()));
    if std::fs::write(&tmp, &bytes).is_err() || std::fs::rename(&tmp, file).is_err() {
        let _ = std::fs::remove_file(&tmp);
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        let name = name.to_string_lossy();
        if p != file && name.starts_with("cards-") && name.ends_with(".bin") {
            let _ = std::fs::remove_file(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache gives back the pool it was given: every card, in order, with what its text
    /// compiled to (compared as the cache's own bytes), and the same lookups.
    #[test]
    fn a_cached_pool_is_the_compiled_pool() {
        let db = CardDb::compile_embedded();
        let bytes = encode(&db).unwrap();
        let dir = std::env::temp_dir().join(format!("riftbound-cache-test-{}", std::process::id()));
        let file = file_in(&dir);
        write(&file, &db);
        let back = read(&file).expect("the file just written is read back");
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(encode(&back).unwrap(), bytes);
        assert_eq!(back.len(), db.len());
        for (i, c) in db.iter() {
            assert_eq!(back.by_id(&c.id), db.by_id(&c.id), "{}", c.id);
            assert_eq!(back.named(&c.name), db.named(&c.name), "{}", c.name);
            assert_eq!(format!("{:?}", back.get(i)), format!("{c:?}"));
        }
        assert_eq!(back.content_hash(), db.content_hash());
    }

    /// A file of another build, a truncated or corrupt file, or none: not read (the caller
    /// compiles), never a panic.
    #[test]
    fn a_foreign_or_damaged_file_is_not_read() {
        let dir = std::env::temp_dir().join(format!("riftbound-cache-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = file_in(&dir);
        assert!(read(&file).is_none(), "no file");
        let db = CardDb::compile_embedded();
        let good = encode(&db).unwrap();
        let mut foreign = good.clone();
        foreign[MAGIC.len()] ^= 1;
        let mut corrupt = good.clone();
        let mid = good.len() / 2;
        corrupt[mid..].iter_mut().for_each(|b| *b = 0xff);
        let mut flipped = good.clone();
        flipped[mid] ^= 0x10;
        for bad in [&good[..good.len() / 2], &foreign[..], &corrupt[..], &flipped[..], b"RBCARDS1", b""] {
            std::fs::write(&file, bad).unwrap();
            assert!(read(&file).is_none());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
