//! The one place this crate reads YAML. serde_yaml's upstream is archived; to move to a
//! maintained fork, change the `use` line below (and the dependency) only.

use serde_yaml as backend;

/// Parses YAML text into `T`.
///
/// # Errors
/// The YAML error, in words.
pub fn from_str<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    backend::from_str(text).map_err(|e| e.to_string())
}
