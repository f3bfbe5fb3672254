//! The quiet stop sets (`Scan::quiet_stop`, `lower.rs`) on the real machines of `spec/`: a scan
//! may run past a byte only where that byte's case does nothing but start a character reference
//! that comes back to the same state (no guard, no lookahead, no verb but setting that return
//! state), in a state whose run is text or an attribute value; every other stop byte stays.

use statemark_codegen::lower::Lowered;
use statemark_codegen::lowered::LBody;
use statemark_codegen::machines;
use statemark_codegen::model::{Action, Terminal};

mod common;
use common::{lowered, spec_dir};

/// The quiet set of `state` in `machine`, if it has one.
fn quiet(l: &Lowered, state: &str) -> Option<Vec<u8>> {
    l.states.iter().find(|s| s.name == state)?.scan.as_ref()?.quiet_stop.clone()
}

#[test]
fn quiet_sets_leave_out_only_character_reference_starts() {
    let names = machines::load(&spec_dir()).expect("spec/machines.ron loads");
    let mut seen = 0;
    for machine in &names {
        let l = lowered(machine);
        for st in &l.states {
            let Some(scan) = &st.scan else { continue };
            let Some(q) = &scan.quiet_stop else { continue };
            seen += 1;
            let at = format!("{machine}: {}", st.name);
            assert!(
                matches!(scan.verb, Action::EmitChars(_) | Action::AppendToAttributeValue(_)),
                "{at}: a quiet set on a scan that builds neither text nor an attribute value"
            );
            assert!(q.iter().all(|b| scan.stop.contains(b)), "{at}: the quiet set adds a byte");
            assert!(q.len() < scan.stop.len(), "{at}: a quiet set equal to the stop set");
            let LBody::Consume { arms, .. } = &st.body else { panic!("{at}: a scan outside a consuming state") };
            for b in scan.stop.iter().filter(|b| !q.contains(b)) {
                let arm = arms.iter().find(|a| a.bytes.contains(b)).unwrap_or_else(|| panic!("{at}: no case for {b}"));
                assert!(arm.guard.is_none() && arm.lookahead.is_none(), "{at}: byte {b} left out of a guarded case");
                let Terminal::Switch(target) = &arm.then.terminal else {
                    panic!("{at}: byte {b}'s case does not switch")
                };
                assert!(
                    target.contains("character_reference") || target.starts_with("entity_"),
                    "{at}: byte {b} leads to {target}, not a character reference state"
                );
                assert!(
                    arm.then.actions.iter().all(|a| match a {
                        Action::SetReturnState(s) => *s == st.name,
                        Action::SetAdditionalAllowedCharacter(_) => true,
                        _ => false,
                    }),
                    "{at}: byte {b}'s case does more than start a character reference: {:?}",
                    arm.then.actions
                );
            }
        }
    }
    assert!(seen >= 10, "only {seen} quiet sets derived");
}

#[test]
fn which_states_get_one() {
    let html = lowered("html");
    assert_eq!(quiet(&html, "data_state").as_deref(), Some(&b"\0\r<"[..]));
    assert_eq!(quiet(&html, "rcdata_state").as_deref(), Some(&b"\0\r<"[..]));
    assert_eq!(quiet(&html, "attribute_value_double_quoted_state").as_deref(), Some(&b"\0\r\""[..]));
    // No `&` to leave out, or a run that is not text: no quiet set.
    assert_eq!(quiet(&html, "rawtext_state"), None);
    assert_eq!(quiet(&html, "tag_name_state"), None);
    // The 2008 draft's data state takes `&` only under a content model flag (a guard): it stops.
    assert_eq!(quiet(&lowered("html2008"), "data_state"), None);
    assert_eq!(quiet(&lowered("xml5"), "data_state").as_deref(), Some(&b"\0\r<"[..]));
}
