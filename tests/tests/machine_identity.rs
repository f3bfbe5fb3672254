//! No machine is tested by another machine's code: the dispatch generated from
//! spec/machines.ron runs each machine's own generated functions (its marker, its `State` type,
//! its states in its manifest's order), every traced (state, case) of its examples is one of
//! its own tables' cases, and an unknown machine or state is an error, never a fallback.

use statemark_tests::machines::dispatch;
use statemark_tests::trace::{
    Input, MACHINES, TestMachine, Visit, case_labels, check_own_code, example_inputs, machine, record, record_with,
};

/// What the dispatch's machine says about itself.
struct Identity;

impl Visit for Identity {
    type Out = (&'static str, &'static str, Vec<&'static str>);
    fn visit<M: TestMachine>(self) -> Self::Out {
        (M::NAME, std::any::type_name::<M::State>(), M::STATES.iter().map(|&s| M::state_name(s)).collect())
    }
}

#[test]
fn every_machine_is_dispatched_to_its_own_generated_code() {
    let listed = statemark_codegen::machines::load(&statemark_tests::root().join("spec")).expect("spec/machines.ron");
    assert_eq!(MACHINES, listed.iter().map(String::as_str).collect::<Vec<_>>().as_slice());
    for &name in MACHINES {
        let (own_name, state_type, states) = dispatch(name, Identity).expect("listed machine dispatches");
        assert_eq!(own_name, name, "dispatch for {name} runs {own_name}'s code");
        assert_eq!(state_type, format!("statemark::generated::{name}_tokenizer::State"));
        let m = machine(name);
        assert_eq!(states, m.manifest.states, "{name}: generated states differ from spec/{name}/tokenizer.ron");
    }
}

#[test]
fn every_traced_case_of_every_example_is_the_machines_own() {
    for &name in MACHINES {
        let m = machine(name);
        let labels = case_labels(&m);
        for inp in example_inputs(name, &m) {
            let rec = record(&inp).unwrap_or_else(|e| panic!("{e}"));
            for (state, case) in &rec.path {
                assert!(
                    labels.contains_key(&(state.to_string(), *case)),
                    "{}: traced {state} case #{case}, not a case of spec/{name}/",
                    inp.origin
                );
            }
        }
    }
}

fn input(machine: &'static str, state: &str) -> Input {
    Input {
        machine,
        origin: "test".into(),
        text: "<a>x</a>".into(),
        state: state.into(),
        last_start_tag: None,
        content_model_flag: None,
    }
}

#[test]
fn an_unknown_machine_is_an_error() {
    assert!(dispatch("html1999", Identity).is_err());
    let err = record(&input("html1999", "data_state")).unwrap_err();
    assert!(err.contains("no machine \"html1999\""), "{err}");
}

#[test]
fn an_unknown_state_is_an_error() {
    for &name in MACHINES {
        let err = record(&input(name, "no_such_state")).unwrap_err();
        assert!(err.contains("has no state"), "{err}");
    }
}

#[test]
fn a_machine_run_by_another_machines_code_is_caught() {
    // An XML5 input run by HTML's generated code (what a `_ =>` fallback used to do).
    let inp = input("xml5", "data_state");
    let rec = record_with::<statemark::html::Html>(&inp, None).expect("html runs it");
    let err = check_own_code(&inp, &rec).unwrap_err();
    assert!(err.contains("was run by the generated code of html"), "{err}");
    assert!(check_own_code(&inp, &record(&inp).expect("xml5 runs it")).is_ok());
}
