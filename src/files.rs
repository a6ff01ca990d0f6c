//! Reading scenario files and `include`d fragments without trusting them.
//!
//! - Only **regular files** are read: a folder, a FIFO, a socket or a device such as
//!   `/dev/zero` is refused before it is opened (so a FIFO cannot hang the harness).
//! - At most [`catan_dsl::MAX_FILE_BYTES`] (1 MiB) are read from any one file; a longer
//!   file is refused with a clear message. The fragments of one scenario together may hold
//!   at most [`MAX_INCLUDED_BYTES`].
//! - An `include` path is **relative** and stays **inside the project root** of the
//!   including scenario: no absolute path, no `..` climbing above the root, no symbolic
//!   link leading out of it.
//!
//! The **project root** of a scenario file is the nearest folder, from the file's own
//! folder upwards, that holds a `scenarios` folder or a `.git` entry (the root of a
//! checkout of this project or of a rule designer's own repository); when no such folder
//! exists, it is the scenario's own folder.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The most bytes all the fragments included by one scenario may hold together.
pub const MAX_INCLUDED_BYTES: usize = 1 << 20;

/// Reads a whole text file, refusing anything that is not a regular file of at most
/// [`catan_dsl::MAX_FILE_BYTES`] bytes of UTF-8.
///
/// A file over the limit is read only up to the limit plus one byte, and returned so:
/// the parser then reports it as too large at the right place.
///
/// # Errors
/// A message naming the file and why it cannot be read.
pub fn read_text(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?;
    if meta.is_dir() {
        return Err(format!("{shown}: is a folder, not a file"));
    }
    if !meta.is_file() {
        return Err(format!(
            "{shown}: not a regular file (a device, pipe or socket is never read)"
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let limit = catan_dsl::MAX_FILE_BYTES as u64 + 1;
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{shown}: not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// The project root of a scenario file in the folder `folder` (see the module docs).
pub fn project_root(folder: &Path) -> PathBuf {
    let own = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let start = std::fs::canonicalize(own).unwrap_or_else(|_| own.to_path_buf());
    start
        .ancestors()
        .find(|d| d.join("scenarios").is_dir() || d.join(".git").exists())
        .map(Path::to_path_buf)
        .unwrap_or(start)
}

/// Resolves and reads the fragments one scenario includes, enforcing the rules of the
/// module docs and the total size.
#[derive(Debug)]
pub struct Includes {
    /// The including scenario's folder (include paths are relative to it).
    dir: PathBuf,
    /// The project root every fragment must lie under (canonical when it exists).
    root: PathBuf,
    /// Bytes read so far.
    total: usize,
}

impl Includes {
    /// For a scenario whose `include` paths are relative to `dir`, confined to `root`.
    pub fn new(dir: &Path, root: &Path) -> Self {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        Includes {
            dir: std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()),
            root: std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()),
            total: 0,
        }
    }

    /// The text of the fragment at `include` (as written in the scenario).
    ///
    /// # Errors
    /// Why it is refused: absolute, outside the project root, not a regular file, too
    /// large, not UTF-8, or unreadable.
    pub fn read(&mut self, include: &str) -> Result<String, String> {
        let rel = Path::new(include);
        if include.is_empty() {
            return Err("the path is empty".into());
        }
        if rel.has_root() || rel.components().any(|c| matches!(c, Component::Prefix(_))) {
            return Err("an include path must be relative to the scenario's folder, not absolute".into());
        }
        let joined = normalize(&self.dir.join(rel));
        if !joined.starts_with(&self.root) {
            return Err(self.outside());
        }
        let meta = std::fs::metadata(&joined).map_err(|e| e.to_string())?;
        if meta.is_dir() {
            return Err("it is a folder, not a fragment file".into());
        }
        if !meta.is_file() {
            return Err("it is not a regular file (a device, pipe or socket is never read)".into());
        }
        // A symbolic link may lead out of the root: judge the real path.
        let real = std::fs::canonicalize(&joined).map_err(|e| e.to_string())?;
        if !real.starts_with(&self.root) {
            return Err(self.outside());
        }
        if meta.len() > catan_dsl::MAX_FILE_BYTES as u64 {
            return Err(format!(
                "it holds {} bytes, more than the limit of {} bytes for one file",
                meta.len(),
                catan_dsl::MAX_FILE_BYTES
            ));
        }
        let text = read_text(&real).map_err(|e| e.rsplit(": ").next().unwrap_or(&e).to_string())?;
        self.total += text.len();
        if self.total > MAX_INCLUDED_BYTES {
            return Err(format!(
                "the fragments of this scenario hold more than {MAX_INCLUDED_BYTES} bytes together"
            ));
        }
        Ok(text)
    }

    fn outside(&self) -> String {
        "it lies outside the project root (the nearest folder above the scenario that holds `scenarios/` or `.git`)"
            .into()
    }
}

/// `path` with `.` and `..` resolved lexically (a `..` at the top stays at the top).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_resolves_dots() {
        assert_eq!(normalize(Path::new("/a/b/../c/./d")), PathBuf::from("/a/c/d"));
        assert!(!normalize(Path::new("/a/../../x")).starts_with("/a"));
    }
}
