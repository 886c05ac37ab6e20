//! What a panicking thread said, for the workers that turn a panic into a typed failure
//! (the lab's simulation workers and background solves, the feed socket's acceptor,
//! verify's threads, the desk's background tasks, the floor link and the Floor window's
//! reader). Pure: reads a payload, never catches, joins or prints anything itself;
//! imports nothing of the crate.

use std::any::Any;

/// What a panic said: its `&str` or `String` payload, or a note that it said nothing.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::panic_message;

    /// A thread's panic reads as what it said, whether a literal, a formatted message or
    /// neither.
    #[test]
    fn a_panic_reads_as_what_it_said() {
        let said = |f: fn()| {
            let payload = std::thread::spawn(f).join().unwrap_err();
            panic_message(payload.as_ref())
        };
        assert_eq!(said(|| panic!("a literal")), "a literal");
        assert_eq!(said(|| panic!("{} rounds", 7)), "7 rounds");
        assert_eq!(
            said(|| std::panic::panic_any(42_u8)),
            "(a panic without a message)"
        );
    }
}
