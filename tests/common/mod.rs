//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// Every `.cat` file under the repository's `scenarios/`, in a stable order.
pub fn scenario_files() -> Vec<PathBuf> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        if let Ok(rd) = std::fs::read_dir(p) {
            let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for e in entries {
                if e.is_dir() {
                    walk(&e, out);
                } else if e.extension().is_some_and(|x| x == "cat") {
                    out.push(e);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"), &mut out);
    out
}
