//! The fused fast path (`codegen/src/fuse.rs`) on the real machines of `spec/`: what it takes is
//! only ever a case the state functions run the same way (no guard, no parse error, plain bytes
//! only), every fused state can reach an emitted token along its links, and the HTML machine's
//! start tag (`<name attr="value" attr2='v'>`) runs fused from the data state's `<`.

use statemark_codegen::fuse::{Fusion, Next, plain};
use statemark_codegen::lower::Lowered;
use statemark_codegen::lowered::{LArm, LBody};
use statemark_codegen::machines;
use statemark_codegen::model::{Action, Terminal};

mod common;
use common::{lowered, spec_dir};

/// The case `number` of state `name`.
fn arm<'a>(l: &'a Lowered, name: &str, number: usize) -> &'a LArm {
    let st = l.states.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("no state {name}"));
    let LBody::Consume { arms, anything_else, .. } = &st.body else { panic!("{name} is not a consuming state") };
    arms.iter().chain(anything_else).find(|a| a.number == number).unwrap_or_else(|| panic!("no case {name} #{number}"))
}

fn emits(a: &LArm) -> bool {
    a.then.actions.iter().any(|v| {
        matches!(
            v,
            Action::EmitTag | Action::EmitShortEndTag | Action::EmitComment | Action::EmitDoctype | Action::EmitPi
        )
    })
}

/// Everything the derivation promises, checked against the tables it came from.
fn check(machine: &str, l: &Lowered, f: &Fusion) {
    let fused = |s: &str| f.states.iter().any(|x| x.name == s);
    for e in &f.entries {
        let a = arm(l, &e.state, e.case);
        let st = l.states.iter().find(|s| s.name == e.state).expect("entry state exists");
        assert!(st.scan.is_some(), "{machine}: entry {}#{} is not in a scanning state", e.state, e.case);
        assert!(a.guard.is_none() && !emits(a), "{machine}: entry {}#{} is not a plain link", e.state, e.case);
        assert!(fused(&e.target), "{machine}: entry {}#{} enters {}, which is not fused", e.state, e.case, e.target);
    }
    for s in &f.states {
        let scanning = l.states.iter().find(|x| x.name == s.name).is_some_and(|x| x.scan.is_some());
        let mut seen = Vec::new();
        for link in &s.links {
            let a = arm(l, &s.name, link.case);
            let at = format!("{machine}: {}#{}", s.name, link.case);
            assert!(a.guard.is_none(), "{at}: a guarded case is fused");
            assert!(!a.then.actions.iter().any(|v| matches!(v, Action::Error(_))), "{at}: a parse error is fused");
            assert!(link.bytes.iter().all(|&b| plain(b)), "{at}: fused on a byte `consume` would treat specially");
            assert!(!link.bytes.is_empty(), "{at}: a link on no byte");
            // Each byte is taken by one case only, and by the case the state function takes.
            for &b in &link.bytes {
                assert!(!seen.contains(&b), "{at}: byte {b:#04x} taken twice");
                seen.push(b);
                if !a.bytes.is_empty() {
                    assert!(a.bytes.contains(&b), "{at}: byte {b:#04x} is not this case's");
                }
            }
            if scanning {
                assert!(a.then.terminal != Terminal::Stay, "{at}: a case that stays in a scanning state is fused");
            }
            match &link.next {
                Next::Continue(t) => {
                    assert!(fused(t), "{at}: continues in {t}, which is not fused");
                    assert!(!emits(a), "{at}: an emitting case goes on without checking the state");
                }
                Next::Emit(t) => {
                    assert!(fused(t), "{at}: goes on in {t}, which is not fused");
                    assert!(emits(a), "{at}: goes on after a token it does not emit");
                    assert_eq!(
                        a.then.terminal,
                        Terminal::Switch(t.clone()),
                        "{at}: goes on where the case does not switch"
                    );
                }
                Next::Exit => {}
            }
        }
        let on = |k: &statemark_codegen::fuse::Link| match &k.next {
            Next::Continue(t) => *t != s.name,
            Next::Exit | Next::Emit(_) => true,
        };
        assert!(s.links.iter().any(on), "{machine}: {} has no way on along the fused path", s.name);
    }
}

#[test]
fn every_machine_fuses_only_what_its_state_functions_do_alike() {
    let names = machines::load(&spec_dir()).expect("spec/machines.ron loads");
    let mut fused = Vec::new();
    for name in &names {
        let l = lowered(name);
        if let Some(f) = &l.fusion {
            check(name, &l, f);
            fused.push(name.as_str());
        }
    }
    // Both the living standard's tokenizer and XML5 have the chain.
    assert!(fused.contains(&"html") && fused.contains(&"xml5"), "fused machines: {fused:?}");
}

#[test]
fn an_html_start_tag_runs_fused_from_the_data_state() {
    let l = lowered("html");
    let f = l.fusion.as_ref().expect("the HTML machine has a fused path");
    assert_eq!(f.entry("data_state", 2), Some("tag_open_state"), "the data state's `<` (case #2) enters");
    // After the tag, the fused path goes on in the data state (when `run` drives it).
    let gt =
        f.states.iter().find(|s| s.name == "tag_name_state").and_then(|s| s.links.iter().find(|k| k.bytes == [b'>']));
    assert_eq!(gt.map(|k| &k.next), Some(&Next::Emit("data_state".into())));
    // `<name attr="value" attr2='v' attr3=v>` and `</name>` visit exactly these states.
    for s in [
        "tag_open_state",
        "end_tag_open_state",
        "tag_name_state",
        "before_attribute_name_state",
        "attribute_name_state",
        "before_attribute_value_state",
        "attribute_value_double_quoted_state",
        "attribute_value_single_quoted_state",
        "attribute_value_unquoted_state",
        "after_attribute_value_quoted_state",
    ] {
        assert!(f.states.iter().any(|x| x.name == s), "{s} is not fused");
    }
    // Off the common path: uppercase in a tag name, `&` in a value, U+0000 anywhere.
    let links = |s: &str| f.states.iter().find(|x| x.name == s).map(|x| x.links.clone()).unwrap_or_default();
    assert!(links("tag_name_state").iter().all(|k| !k.bytes.iter().any(u8::is_ascii_uppercase)));
    assert!(links("attribute_value_double_quoted_state").iter().all(|k| !k.bytes.contains(&b'&')));
    assert!(f.states.iter().all(|s| s.links.iter().all(|k| !k.bytes.contains(&0))));
}
