//! Memory stays linear in a file's size: loading and rendering garbage of 32 KB and of
//! 128 KB, the peak heap of the larger is at most 6 times the smaller's (linear growth gives
//! about 4, the quadratic growth this once had gives 16 and more). Measured with dhat.

use catan_harness::load;
use std::path::Path;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Garbage of `size` bytes: the language's own characters, pseudo-random, plus one long
/// line with an error every few bytes.
fn garbage(size: usize, long_line: bool) -> String {
    let mut text = String::from("scenario \"g\"\nplayers red blue white\n");
    if long_line {
        text.push_str("expect red hand ");
        while text.len() < size {
            text.push_str("1 woll, ");
        }
        return text;
    }
    let alphabet: Vec<char> = "red blue wool, 1 woll\t{}[]()\",;:=#.-+/\n0123456789AEJ"
        .chars()
        .collect();
    let mut x = size as u64;
    while text.len() < size {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        text.push(alphabet[(x >> 33) as usize % alphabet.len()]);
    }
    text
}

/// The peak heap, in bytes, of loading and rendering `text`.
fn peak(text: &str) -> usize {
    let _profiler = dhat::Profiler::builder().testing().build();
    let before = dhat::HeapStats::get().curr_bytes;
    let report = match load::load_text_in("g.cat", text, Path::new(".")) {
        Ok(_) => String::new(),
        Err(e) => e.render(100),
    };
    assert!(!report.is_empty(), "garbage loads");
    dhat::HeapStats::get().max_bytes - before.min(dhat::HeapStats::get().max_bytes)
}

#[test]
fn memory_grows_linearly_with_the_file() {
    for long_line in [false, true] {
        let small = peak(&garbage(32 * 1024, long_line));
        let large = peak(&garbage(128 * 1024, long_line));
        assert!(
            large <= 6 * small,
            "peak {large} bytes for 128 KB against {small} for 32 KB (long line: {long_line})"
        );
    }
}
