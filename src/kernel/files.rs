//! Reading user files safely: card, deck and scenario folders come from users. A walk never
//! follows a symbolic link to a directory (no loops), reads only regular files (never a FIFO or
//! a device, which would block or never end), and a file over [`MAX_FILE_BYTES`] is refused
//! before it is read.

use std::io;
use std::path::{Path, PathBuf};

/// The largest file read as text (a card file is a few hundred bytes; a scenario a few KiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The `*.toml` files at `path`, sorted by path: `path` itself if it is a file (whatever its
/// name: it was named), else every `*.toml` regular file under it, its subfolders included.
pub fn toml_files(path: &Path) -> io::Result<Vec<PathBuf>> {
    files_with_extension(path, "toml")
}

/// [`toml_files`] for another extension (Flesh and Blood's `*.fab` card files).
pub fn files_with_extension(path: &Path, ext: &str) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        walk(path, ext, &mut out)?;
    } else if meta.is_file() {
        out.push(path.to_path_buf());
    } else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file or a folder"));
    }
    out.sort();
    Ok(out)
}

fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let p = entry.path();
        // The entry's own type: a link is not followed into a directory.
        let kind = entry.file_type()?;
        if kind.is_dir() {
            walk(&p, ext, out)?;
        } else if p.extension().is_some_and(|e| e == ext) && std::fs::metadata(&p).is_ok_and(|m| m.is_file()) {
            out.push(p);
        }
    }
    Ok(())
}

/// The text of a regular file of at most [`MAX_FILE_BYTES`].
pub fn read_text(path: &Path) -> io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("the file has {} bytes; at most {MAX_FILE_BYTES} are read", meta.len()),
        ));
    }
    use std::io::Read;
    let mut s = String::new();
    std::fs::File::open(path)?.take(MAX_FILE_BYTES + 1).read_to_string(&mut s)?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_sorted_without_following_links_or_reading_special_files() {
        let dir = std::env::temp_dir().join(format!("riftbound-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("b.toml"), "b").unwrap();
        std::fs::write(dir.join("sub/a.toml"), "a").unwrap();
        std::fs::write(dir.join("notes.md"), "n").unwrap();
        #[cfg(unix)]
        {
            // A link back to the folder itself: a loop if followed.
            std::os::unix::fs::symlink(&dir, dir.join("sub/loop")).unwrap();
            // A FIFO named like a card: reading it would block forever.
            let fifo = dir.join("pipe.toml");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
            if made {
                assert!(read_text(&fifo).is_err(), "a FIFO is not read");
            }
        }
        let files = toml_files(&dir).unwrap();
        assert_eq!(files, vec![dir.join("b.toml"), dir.join("sub/a.toml")]);
        assert_eq!(toml_files(&dir.join("notes.md")).unwrap(), vec![dir.join("notes.md")], "a named file is read");
        std::fs::write(dir.join("big.toml"), vec![b'x'; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(read_text(&dir.join("big.toml")).unwrap_err().to_string().contains("at most"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
