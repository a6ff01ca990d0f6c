//! Lowering diagnostics (unknown names, off-board places, impossible paths, inconsistent
//! positions, unknown rule and source ids, unsupported rules) rendered without colour at
//! width 80 and snapshotted, so the quality of every message is reviewed like any output.

use catan_harness::load;

#[test]
fn lowering_diagnostics() {
    insta::glob!("broken-lower/*.cat", |path| {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let name = format!(
            "broken-lower/{}",
            path.file_name().map(|f| f.to_string_lossy()).unwrap_or_default()
        );
        let dir = path.parent().unwrap_or(std::path::Path::new("."));
        let rendered = match load::load_text_in(&name, &text, dir) {
            Ok(_) => panic!("{} should not load", path.display()),
            Err(e) => e.render(80),
        };
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots"));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(rendered));
    });
}
