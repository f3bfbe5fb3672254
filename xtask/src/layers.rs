//! `cargo xtask layers`: the import graph of the workspace's own crates (`runtime`, `codegen`,
//! `xtask`) checked against the layer table `xtask/layers.txt`.
//!
//! Each crate's sources are read from its root (`lib.rs`, `main.rs`) through its `mod`
//! declarations with `syn`. A module's references to the crate's own modules are its `use`
//! declarations (private or `pub`: a re-export is an import), and the paths written in its code
//! (`crate::x::y`, `super::`, `self::`, a child module's or an imported name's `name::item`),
//! in macro invocations too (except `quote!`, whose paths are the generated code's). Items under
//! `#[cfg(test)]` and `#[test]` functions are left out. A path is resolved to the module that
//! defines its item, through `use` and `pub use` on the way (`crate::html::Token` is an edge to
//! `html::token`, where `Token` is defined, not to the facade that re-exports it), so the graph
//! is one of definitions, as the compiler sees them.
//!
//! The table lists, for each crate, its layers bottom to top and the modules of each. A file
//! belongs to the entry that is the longest prefix of its module path (`dom` holds `dom/*.rs`
//! unless one of them is listed on its own); `crate` is the root file alone. An entry is the unit
//! of the check: the files inside one entry are one concept and may use each other. The rules:
//! every file in exactly one entry and every entry naming a module; no edge from an entry to one
//! in a higher layer; no loop among entries (within a layer too). `pending` lines name edges that
//! are being removed (with the reason): they are drawn but not held against the table, and one
//! that no longer exists is an error, so the list only shrinks.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use syn::visit::Visit;

/// Where the table lives, relative to the workspace root.
pub const TABLE: &str = "xtask/layers.txt";

/// How deep resolution follows `use` chains and globs before it stops at the module it is in
/// (a loop of `pub use`s cannot make it run forever).
const MAX_HOPS: usize = 32;

/// The (module, name) pairs a resolution has looked for in globs.
type Seen = BTreeSet<(usize, String)>;

/// Macros whose paths are not this crate's: `quote!` builds code for another crate.
const FOREIGN_MACROS: &[&str] = &["quote", "quote_spanned", "parse_quote", "format_ident"];

/// One crate of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrateTable {
    /// The crate's name, for the report.
    pub name: String,
    /// Its root file, relative to the workspace root.
    pub root: String,
    /// Bottom to top.
    pub layers: Vec<Layer>,
    /// Edges being removed: drawn, not held against the table.
    pub pending: Vec<Pending>,
}

/// One layer: a name and its entries. An entry is a module path (`html::tree`), `crate` for the
/// root file alone, or several joined by `+` that are one concept across the tree (a machine:
/// its generated states and its own code, `html::tokenizer+generated::html_tokenizer`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// What the layer is, in a word or two.
    pub name: String,
    /// Entries: module paths, `crate`, or module paths joined by `+`.
    pub modules: Vec<String>,
}

/// An edge that is being removed: every edge from a file under `from` to a file under `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// Module path prefix of the importing file.
    pub from: String,
    /// Module path prefix of the imported file.
    pub to: String,
    /// Why it is allowed for now (an issue number).
    pub why: String,
}

/// Read the table: `crate NAME ROOT`, then `layer NAME: module module ...` lines bottom to top
/// and `pending FROM -> TO: why` lines; `#` starts a comment.
pub fn parse_table(text: &str) -> Result<Vec<CrateTable>, String> {
    let mut crates: Vec<CrateTable> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |msg: &str| format!("{TABLE}:{}: {msg}: {raw}", n + 1);
        let (word, rest) = line.split_once(char::is_whitespace).ok_or_else(|| at("expected a word and more"))?;
        let rest = rest.trim();
        if word == "crate" {
            let mut parts = rest.split_whitespace();
            let (Some(name), Some(root), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(at("expected `crate NAME ROOT`"));
            };
            crates.push(CrateTable { name: name.into(), root: root.into(), layers: Vec::new(), pending: Vec::new() });
            continue;
        }
        let krate = crates.last_mut().ok_or_else(|| at("a `crate` line comes first"))?;
        match word {
            "layer" => {
                let (name, modules) = rest.split_once(": ").ok_or_else(|| at("expected `layer NAME: modules`"))?;
                let modules: Vec<String> = modules.split_whitespace().map(str::to_owned).collect();
                if modules.is_empty() {
                    return Err(at("a layer with no modules"));
                }
                krate.layers.push(Layer { name: name.trim().into(), modules });
            }
            "pending" => {
                let (edge, why) = rest.split_once(": ").ok_or_else(|| at("expected `pending FROM -> TO: why`"))?;
                let (from, to) = edge.split_once("->").ok_or_else(|| at("expected `pending FROM -> TO: why`"))?;
                krate.pending.push(Pending { from: from.trim().into(), to: to.trim().into(), why: why.trim().into() });
            }
            _ => return Err(at("expected `crate`, `layer` or `pending`")),
        }
    }
    Ok(crates)
}

/// A module of a crate: a file, or a `mod name { ... }` inside one.
#[derive(Debug, Default)]
struct Module {
    path: Vec<String>,
    /// The file module this module's code is in (itself for a file).
    file: usize,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Names of the items defined here (macros included).
    items: BTreeSet<String>,
    /// Names bound by `use` (renames under their new name), to the path as written.
    uses: BTreeMap<String, Vec<String>>,
    /// `use path::*`, as written.
    globs: Vec<Vec<String>>,
    /// Every path that may name this crate's modules, as written, with how it was written.
    refs: Vec<(Vec<String>, &'static str)>,
}

/// A crate's modules, read from its root through its `mod` declarations.
#[derive(Debug)]
struct Crate {
    modules: Vec<Module>,
    /// The file of each file module (indexed by module).
    files: BTreeMap<usize, String>,
    /// `#[macro_export]` macros: the crate root's names for them.
    exported_macros: BTreeMap<String, usize>,
}

fn is_test_cfg(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        if a.path().is_ident("test") {
            return true;
        }
        if !a.path().is_ident("cfg") {
            return false;
        }
        let Ok(list) = a.meta.require_list() else { return false };
        let words: String = list.tokens.to_string().split_whitespace().collect();
        words == "test" || words.starts_with("all(test,")
    })
}

fn has_attr(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item as I;
    match item {
        I::Const(i) => &i.attrs,
        I::Enum(i) => &i.attrs,
        I::ExternCrate(i) => &i.attrs,
        I::Fn(i) => &i.attrs,
        I::ForeignMod(i) => &i.attrs,
        I::Impl(i) => &i.attrs,
        I::Macro(i) => &i.attrs,
        I::Mod(i) => &i.attrs,
        I::Static(i) => &i.attrs,
        I::Struct(i) => &i.attrs,
        I::Trait(i) => &i.attrs,
        I::TraitAlias(i) => &i.attrs,
        I::Type(i) => &i.attrs,
        I::Union(i) => &i.attrs,
        I::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    use syn::Item as I;
    let ident = match item {
        I::Const(i) => &i.ident,
        I::Enum(i) => &i.ident,
        I::Fn(i) => &i.sig.ident,
        I::Macro(i) => i.ident.as_ref()?,
        I::Static(i) => &i.ident,
        I::Struct(i) => &i.ident,
        I::Trait(i) => &i.ident,
        I::TraitAlias(i) => &i.ident,
        I::Type(i) => &i.ident,
        I::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// The `use` tree's bindings, globs and paths, as written (relative to the module it is in).
fn use_tree(tree: &syn::UseTree, prefix: &mut Vec<String>, m: &mut Module) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_tree(&p.tree, prefix, m);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            let path = if name == "self" { prefix.clone() } else { [prefix.as_slice(), &[name]].concat() };
            if let Some(last) = path.last() {
                m.uses.insert(last.clone(), path.clone());
            }
            m.refs.push((path, "use"));
        }
        syn::UseTree::Rename(r) => {
            let name = r.ident.to_string();
            let path = if name == "self" { prefix.clone() } else { [prefix.as_slice(), &[name]].concat() };
            if r.rename != "_" {
                m.uses.insert(r.rename.to_string(), path.clone());
            }
            m.refs.push((path, "use"));
        }
        syn::UseTree::Glob(_) => {
            m.globs.push(prefix.clone());
            m.refs.push((prefix.clone(), "use"));
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_tree(t, prefix, m);
            }
        }
    }
}

/// The paths in a piece of code: every multi-segment path (resolution later keeps those that
/// name this crate's modules), nested `use` declarations, and paths in macro input.
struct Refs<'m> {
    module: &'m mut Module,
}

impl<'ast> Visit<'ast> for Refs<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if is_test_cfg(item_attrs(item)) {
            return;
        }
        if let syn::Item::Use(u) = item {
            use_tree(&u.tree, &mut Vec::new(), self.module);
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Fn(f) => &f.attrs[..],
            syn::ImplItem::Const(c) => &c.attrs[..],
            syn::ImplItem::Type(t) => &t.attrs[..],
            _ => &[],
        };
        if !is_test_cfg(attrs) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Doc comments and attributes name no module (intra-doc links are not imports).
    }

    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {
        // `pub(in super::super)` says who may see an item; it imports nothing.
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() >= 2 {
            let segs = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.module.refs.push((segs, "path"));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        let name = mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        if !FOREIGN_MACROS.contains(&name.as_str()) {
            macro_paths(mac.tokens.clone(), &mut self.module.refs);
        }
    }
}

/// Paths in a macro's tokens: `a::b(::c)*` not preceded by `::`, `$crate::x` as `crate::x`;
/// a `macro_rules!` metavariable (`$name::x`) is not a path. Groups are walked with a stack.
fn macro_paths(tokens: TokenStream, out: &mut Vec<(Vec<String>, &'static str)>) {
    let mut stack = vec![tokens];
    while let Some(stream) = stack.pop() {
        let tts: Vec<TokenTree> = stream.into_iter().collect();
        let colons = |i: usize| {
            matches!((tts.get(i), tts.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                if a.as_char() == ':' && b.as_char() == ':')
        };
        let mut i = 0;
        while i < tts.len() {
            match &tts[i] {
                TokenTree::Group(g) => {
                    stack.push(g.stream());
                    i += 1;
                }
                TokenTree::Ident(id) => {
                    let after_colons = i >= 2 && colons(i - 2);
                    let dollar = i >= 1 && matches!(&tts[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    if after_colons || (dollar && *id != "crate") {
                        i += 1;
                        continue;
                    }
                    let mut segs = vec![id.to_string()];
                    let mut j = i + 1;
                    while colons(j) {
                        match tts.get(j + 2) {
                            Some(TokenTree::Ident(next)) => segs.push(next.to_string()),
                            _ => break,
                        }
                        j += 3;
                    }
                    if segs.len() >= 2 {
                        out.push((segs, "macro"));
                    }
                    i = j.max(i + 1);
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => i += 1,
            }
        }
    }
}

impl Crate {
    /// Read the crate from `root` (a path relative to the workspace root) through `read`.
    fn load(root: &str, read: &dyn Fn(&str) -> Option<String>) -> Result<Crate, String> {
        let mut krate =
            Crate { modules: vec![Module::default()], files: BTreeMap::new(), exported_macros: BTreeMap::new() };
        // (module, file, directory of its child modules' files)
        let mut queue = vec![(0usize, root.to_owned(), dir_of(root))];
        while let Some((idx, file, dir)) = queue.pop() {
            let text = read(&file).ok_or_else(|| format!("{file}: cannot read"))?;
            let parsed = syn::parse_file(&text).map_err(|e| format!("{file}: {e}"))?;
            krate.files.insert(idx, file.clone());
            krate.modules[idx].file = idx;
            // Inline modules are read here; file modules go on the queue.
            let mut inline = vec![(idx, parsed.items, dir)];
            while let Some((m, items, dir)) = inline.pop() {
                for item in items {
                    if is_test_cfg(item_attrs(&item)) {
                        continue;
                    }
                    if let syn::Item::Mod(decl) = item {
                        let name = decl.ident.to_string();
                        let child = krate.modules.len();
                        let path = [krate.modules[m].path.as_slice(), std::slice::from_ref(&name)].concat();
                        let file_of_m = krate.modules[m].file;
                        krate.modules.push(Module { path, parent: Some(m), file: file_of_m, ..Module::default() });
                        krate.modules[m].children.insert(name.clone(), child);
                        let child_dir = format!("{dir}{name}/");
                        match decl.content {
                            Some((_, items)) => inline.push((child, items, child_dir)),
                            None => {
                                let flat = format!("{dir}{name}.rs");
                                let nested = format!("{dir}{name}/mod.rs");
                                let f = if read(&flat).is_some() { flat } else { nested };
                                queue.push((child, f, child_dir));
                            }
                        }
                        continue;
                    }
                    if let Some(name) = item_name(&item) {
                        if let syn::Item::Macro(mac) = &item
                            && has_attr(&mac.attrs, "macro_export")
                        {
                            krate.exported_macros.insert(name.clone(), m);
                        }
                        krate.modules[m].items.insert(name);
                    }
                    Refs { module: &mut krate.modules[m] }.visit_item(&item);
                }
            }
        }
        Ok(krate)
    }

    /// The module that defines what `segs` names, written in module `from`; `None` for a path
    /// outside the crate (another crate, a local type's associated item).
    fn resolve(&self, from: usize, segs: &[String], hops: usize, seen: &mut Seen) -> Option<usize> {
        let (first, rest) = segs.split_first()?;
        let start = match first.as_str() {
            "crate" | "$crate" => 0,
            "self" => from,
            "super" => {
                let mut m = self.modules[from].parent?;
                let mut rest = rest;
                while let Some(("super", r)) = rest.split_first().map(|(s, r)| (s.as_str(), r)) {
                    m = self.modules[m].parent?;
                    rest = r;
                }
                return Some(self.walk(m, rest, hops, seen));
            }
            name => {
                let here = &self.modules[from];
                if let Some(&child) = here.children.get(name) {
                    return Some(self.walk(child, rest, hops, seen));
                }
                if here.items.contains(name) {
                    return Some(from);
                }
                let Some(bound) = here.uses.get(name) else {
                    // A name a glob brought in (`use super::*;` then `Namespace::Html`).
                    if here.globs.is_empty() || !seen.insert((from, name.to_owned())) {
                        return None;
                    }
                    return self.through_globs(from, segs, hops, seen);
                };
                if bound.first() == Some(first) {
                    // `use name;` or `use name::..` of another crate.
                    return None;
                }
                if hops >= MAX_HOPS {
                    return Some(from);
                }
                return self.resolve(from, &[bound.as_slice(), rest].concat(), hops + 1, seen);
            }
        };
        Some(self.walk(start, rest, hops, seen))
    }

    /// Follow `segs` down from module `at`: child modules, then an item defined here, a `use`
    /// binding, or a glob that defines it; otherwise the module the path stops in.
    fn walk(&self, at: usize, segs: &[String], hops: usize, seen: &mut Seen) -> usize {
        let mut cur = at;
        for (i, seg) in segs.iter().enumerate() {
            let m = &self.modules[cur];
            if let Some(&child) = m.children.get(seg) {
                cur = child;
                continue;
            }
            if m.items.contains(seg) || hops >= MAX_HOPS {
                return cur;
            }
            if cur == 0
                && let Some(&defined) = self.exported_macros.get(seg)
            {
                return defined;
            }
            if let Some(bound) = m.uses.get(seg) {
                let path = [bound.as_slice(), &segs[i + 1..]].concat();
                return self.resolve(cur, &path, hops + 1, seen).unwrap_or(cur);
            }
            // Each (module, name) is looked for in globs once per path, so globs that import
            // each other cost no more than the modules they join.
            if !m.globs.is_empty() && !seen.insert((cur, seg.clone())) {
                return cur;
            }
            return self.through_globs(cur, &segs[i..], hops, seen).unwrap_or(cur);
        }
        cur
    }

    /// `segs` looked up in module `at`'s globs: the first glob whose module has the first of
    /// `segs` (defined, a child, or imported there) leads on from that module.
    fn through_globs(&self, at: usize, segs: &[String], hops: usize, seen: &mut Seen) -> Option<usize> {
        let name = segs.first()?;
        for glob in &self.modules[at].globs {
            let Some(g) = self.resolve(at, glob, hops + 1, seen) else { continue };
            let m = &self.modules[g];
            if g != at && (m.items.contains(name) || m.children.contains_key(name) || m.uses.contains_key(name)) {
                return Some(self.walk(g, segs, hops + 1, seen));
            }
        }
        None
    }

    /// Edges between files: (from file module, to file module) with one path that makes each.
    fn edges(&self) -> BTreeMap<(usize, usize), String> {
        let mut edges = BTreeMap::new();
        for (idx, m) in self.modules.iter().enumerate() {
            for (segs, how) in &m.refs {
                let Some(target) = self.resolve(idx, segs, 0, &mut Seen::new()) else { continue };
                let (a, b) = (m.file, self.modules[target].file);
                if a != b {
                    edges.entry((a, b)).or_insert_with(|| format!("{how} {}", segs.join("::")));
                }
            }
        }
        edges
    }

    fn module_name(&self, file: usize) -> String {
        let p = &self.modules[file].path;
        if p.is_empty() { "crate".into() } else { p.join("::") }
    }
}

/// The directory a file's child modules live in: beside `lib.rs`/`main.rs`/`mod.rs`, else in
/// the directory named after the file.
fn dir_of(file: &str) -> String {
    let (dir, name) = file.rsplit_once('/').unwrap_or(("", file));
    let dir = if dir.is_empty() { String::new() } else { format!("{dir}/") };
    match name {
        "lib.rs" | "main.rs" | "mod.rs" => dir,
        other => format!("{dir}{}/", other.trim_end_matches(".rs")),
    }
}

/// Whether module path `module` is `entry` or under it (`crate` is the root alone).
fn under(module: &str, entry: &str) -> bool {
    if entry == "crate" {
        return module == "crate";
    }
    module == entry || module.strip_prefix(entry).is_some_and(|r| r.starts_with("::"))
}

/// Check one crate against its table; the report and whether it keeps the rules.
fn check_crate(
    table: &CrateTable,
    read: &dyn Fn(&str) -> Option<String>,
    show_edges: bool,
) -> Result<(String, bool), String> {
    let krate = Crate::load(&table.root, read)?;
    let mut out = String::new();
    let mut problems: Vec<String> = Vec::new();

    // Entries: each listed once, each naming a module.
    let mut layer_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (n, layer) in table.layers.iter().enumerate() {
        for m in &layer.modules {
            if layer_of.insert(m.as_str(), n).is_some() {
                problems.push(format!("`{m}` is listed twice"));
            }
        }
    }
    let names: BTreeMap<usize, String> = krate.files.keys().map(|&f| (f, krate.module_name(f))).collect();
    for part in layer_of.keys().flat_map(|e| e.split('+')) {
        if !names.values().any(|m| under(m, part)) {
            problems.push(format!("`{part}` names no module of the crate"));
        }
    }
    // Each file's entry: the one with the longest module path that holds it.
    let mut entry_of: BTreeMap<usize, &str> = BTreeMap::new();
    for (&f, m) in &names {
        let holds = |e: &&str| e.split('+').filter(|part| under(m, part)).map(str::len).max();
        match layer_of.keys().filter_map(|e| Some((holds(e)?, *e))).max() {
            Some((_, e)) => {
                entry_of.insert(f, e);
            }
            None => problems.push(format!("`{m}` ({}) is in no layer", krate.files[&f])),
        }
    }

    let edges = krate.edges();
    let mut used_pending = vec![false; table.pending.len()];
    let mut pending_edges = Vec::new();
    // Entry-level graph: (from entry, to entry) -> the file edges that make it.
    let mut graph: BTreeMap<(&str, &str), Vec<(usize, usize)>> = BTreeMap::new();
    for &(a, b) in edges.keys() {
        let (Some(&ea), Some(&eb)) = (entry_of.get(&a), entry_of.get(&b)) else { continue };
        if ea == eb {
            continue;
        }
        if let Some(p) = table.pending.iter().position(|p| under(&names[&a], &p.from) && under(&names[&b], &p.to)) {
            used_pending[p] = true;
            pending_edges.push((p, a, b));
            continue;
        }
        graph.entry((ea, eb)).or_default().push((a, b));
    }
    let file_edge =
        |&(a, b): &(usize, usize)| format!("{} -> {} ({})", krate.files[&a], krate.files[&b], edges[&(a, b)]);

    let mut upward = Vec::new();
    for (&(ea, eb), files) in &graph {
        if layer_of[eb] > layer_of[ea] {
            let (la, lb) = (&table.layers[layer_of[ea]].name, &table.layers[layer_of[eb]].name);
            for fe in files {
                upward.push(format!("upward: {ea} ({la}) -> {eb} ({lb}): {}", file_edge(fe)));
            }
        }
    }
    problems.extend(upward);
    for component in loops(&graph) {
        let inside = graph.keys().filter(|(a, b)| component.contains(a) && component.contains(b)).count();
        let cycle = shortest_cycle(&graph, &component);
        let mut s = format!(
            "loop among {} ({inside} edges between them); the shortest: {}",
            component.join(", "),
            cycle.join(" -> ")
        );
        for hop in cycle.windows(2) {
            for fe in &graph[&(hop[0], hop[1])] {
                write!(s, "\n      {}", file_edge(fe)).expect("write to a String");
            }
        }
        problems.push(s);
    }
    for (p, used) in table.pending.iter().zip(&used_pending) {
        if !used {
            problems.push(format!("pending `{} -> {}` is gone: take it out of {TABLE}", p.from, p.to));
        }
    }

    // The picture.
    writeln!(out, "{} ({}): {} files, {} edges between files", table.name, table.root, names.len(), edges.len())
        .expect("write to a String");
    writeln!(out, "  layers, bottom to top:").expect("write to a String");
    for (n, layer) in table.layers.iter().enumerate() {
        writeln!(out, "    {:>2} {}: {}", n + 1, layer.name, layer.modules.join(" ")).expect("write to a String");
    }
    if show_edges {
        writeln!(out, "  edges between entries:").expect("write to a String");
        for ((ea, eb), files) in &graph {
            writeln!(out, "    {ea} -> {eb} ({} file edges)", files.len()).expect("write to a String");
        }
    }
    if !pending_edges.is_empty() {
        writeln!(out, "  pending (being removed, not held against the table):").expect("write to a String");
        for (p, a, b) in &pending_edges {
            let why = &table.pending[*p].why;
            writeln!(out, "    {} [{why}]", file_edge(&(*a, *b))).expect("write to a String");
        }
    }
    if problems.is_empty() {
        writeln!(out, "  ok: every module in one layer, no upward edge, no loop").expect("write to a String");
    } else {
        writeln!(out, "  {} violations:", problems.len()).expect("write to a String");
        for p in &problems {
            writeln!(out, "    {p}").expect("write to a String");
        }
    }
    Ok((out, problems.is_empty()))
}

/// The strongly connected components of more than one entry, each sorted, in sorted order
/// (Tarjan's algorithm with an explicit stack).
fn loops<'a>(graph: &BTreeMap<(&'a str, &'a str), Vec<(usize, usize)>>) -> Vec<Vec<&'a str>> {
    let nodes: Vec<&str> = graph.keys().flat_map(|&(a, b)| [a, b]).collect::<BTreeSet<_>>().into_iter().collect();
    let id: BTreeMap<&str, usize> = nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
    let mut succ = vec![Vec::new(); nodes.len()];
    for &(a, b) in graph.keys() {
        succ[id[a]].push(id[b]);
    }
    let (mut index, mut low, mut on_stack) =
        (vec![usize::MAX; nodes.len()], vec![0; nodes.len()], vec![false; nodes.len()]);
    let (mut next, mut stack, mut out) = (0, Vec::new(), Vec::new());
    for root in 0..nodes.len() {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next successor to look at)
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&(v, k)) = work.last() {
            if let Some(&w) = succ[v].get(k) {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(nodes[w]);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort_unstable();
                    out.push(component);
                }
            }
        }
    }
    out.sort();
    out
}

/// The shortest cycle through the entries of one loop (`loops`), as a path that ends where it
/// starts: breadth-first from each entry in turn.
fn shortest_cycle<'a>(
    graph: &BTreeMap<(&'a str, &'a str), Vec<(usize, usize)>>,
    component: &[&'a str],
) -> Vec<&'a str> {
    let mut best: Vec<&str> = Vec::new();
    for &start in component {
        let mut from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        'search: while let Some(at) = queue.pop_front() {
            for &(a, b) in graph.keys() {
                if a != at || !component.contains(&b) {
                    continue;
                }
                if b == start {
                    // Back from `at` to `start` (which has no predecessor), then round.
                    let mut path = vec![at];
                    while let Some(&prev) = from.get(path[path.len() - 1]) {
                        path.push(prev);
                    }
                    path.reverse();
                    path.push(start);
                    if best.is_empty() || path.len() < best.len() {
                        best = path;
                    }
                    break 'search;
                }
                if b != start && !from.contains_key(b) {
                    from.insert(b, at);
                    queue.push_back(b);
                }
            }
        }
    }
    best
}

/// Check every crate of `table_text`, reading sources through `read` (paths relative to the
/// workspace root): the report and whether everything keeps the rules.
pub fn check_with(
    table_text: &str,
    read: &dyn Fn(&str) -> Option<String>,
    show_edges: bool,
) -> Result<(String, bool), String> {
    let mut report = String::new();
    let mut clean = true;
    for table in parse_table(table_text)? {
        let (text, ok) = check_crate(&table, read, show_edges)?;
        report.push_str(&text);
        clean &= ok;
    }
    Ok((report, clean))
}

/// `cargo xtask layers [--edges]`: the table at [`TABLE`] against the workspace under `root`.
pub fn run_cli(root: &Path, show_edges: bool) -> Result<(String, bool), String> {
    let table = std::fs::read_to_string(root.join(TABLE)).map_err(|e| format!("{TABLE}: {e}"))?;
    check_with(&table, &|p| std::fs::read_to_string(root.join(p)).ok(), show_edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Check a crate of in-memory files (`src/...`) against `layers` (the table's lines after the
    /// `crate` line).
    fn check(files: &[(&str, &str)], layers: &str) -> (String, bool) {
        let files: BTreeMap<String, String> =
            files.iter().map(|(p, t)| (format!("src/{p}"), (*t).to_owned())).collect();
        let table = format!("crate demo src/lib.rs\n{layers}");
        check_with(&table, &|p| files.get(p).cloned(), true).expect("the crate reads")
    }

    const LIB: &str = "mod a;\nmod b;\npub use a::Thing;\n";

    #[test]
    fn a_downward_import_keeps_the_rules() {
        let files = [("lib.rs", LIB), ("a.rs", "pub struct Thing;"), ("b.rs", "use crate::a::Thing;")];
        let (report, ok) = check(&files, "layer low: a\nlayer high: b\nlayer top: crate\n");
        assert!(ok, "{report}");
        assert!(report.contains("b -> a (1 file edges)"), "{report}");
    }

    #[test]
    fn an_upward_import_is_a_violation() {
        let files =
            [("lib.rs", LIB), ("a.rs", "pub struct Thing;\nfn f() { crate::b::g() }"), ("b.rs", "pub fn g() {}")];
        let (report, ok) = check(&files, "layer low: a\nlayer high: b\nlayer top: crate\n");
        assert!(!ok);
        assert!(report.contains("upward: a (low) -> b (high): src/a.rs -> src/b.rs (path crate::b::g)"), "{report}");
    }

    #[test]
    fn a_loop_within_a_layer_is_reported_with_its_files() {
        let files = [
            ("lib.rs", LIB),
            ("a.rs", "pub struct Thing;\nuse super::b::{\n    g,\n};"),
            ("b.rs", "pub fn g() {}\nfn h() -> super::Thing { todo!() }"),
        ];
        let (report, ok) = check(&files, "layer one: a b\nlayer top: crate\n");
        assert!(!ok);
        // `super::Thing` is the root's re-export: the edge goes to where it is defined.
        assert!(
            report.contains(
                "loop among a, b (2 edges between them); the shortest: a -> b -> a\n      src/a.rs -> src/b.rs (use super::b::g)\n      src/b.rs -> src/a.rs (path super::Thing)"
            ),
            "{report}"
        );
        assert!(!report.contains("upward"), "{report}");
    }

    #[test]
    fn a_loop_names_its_shortest_cycle() {
        let graph: BTreeMap<(&str, &str), Vec<(usize, usize)>> = [
            (("a", "b"), vec![]),
            (("b", "c"), vec![]),
            (("c", "a"), vec![]),
            (("c", "b"), vec![]),
            (("d", "a"), vec![]),
        ]
        .into_iter()
        .collect();
        assert_eq!(loops(&graph), [["a", "b", "c"]]);
        assert_eq!(shortest_cycle(&graph, &["a", "b", "c"]), ["b", "c", "b"]);
    }

    #[test]
    fn an_unlisted_module_a_stale_entry_and_a_twice_listed_one_are_violations() {
        let files = [("lib.rs", LIB), ("a.rs", "pub struct Thing;"), ("b.rs", "")];
        let (report, ok) = check(&files, "layer low: a c\nlayer top: crate a\n");
        assert!(!ok);
        assert!(report.contains("`b` (src/b.rs) is in no layer"), "{report}");
        assert!(report.contains("`c` names no module of the crate"), "{report}");
        assert!(report.contains("`a` is listed twice"), "{report}");
    }

    #[test]
    fn groups_across_lines_nested_modules_and_prefix_entries() {
        let files = [
            ("lib.rs", "pub mod tree;\nmod names;\n"),
            ("names.rs", "pub struct Name;\npub enum Ns { Html }"),
            ("tree/mod.rs", "mod sink;\nmod builder;\npub use sink::Sink;\n"),
            ("tree/sink.rs", "use crate::{\n    names::{Name,\n        Ns},\n};\npub trait Sink {}"),
            ("tree/builder.rs", "use super::Sink;\nfn f(_: crate::names::Ns) {}"),
        ];
        // `tree` holds tree/builder.rs; tree::sink is an entry of its own, below it.
        let (report, ok) =
            check(&files, "layer names: names\nlayer interface: tree::sink\nlayer builders: tree\nlayer top: crate\n");
        assert!(ok, "{report}");
        assert!(report.contains("tree -> tree::sink") && report.contains("tree::sink -> names"), "{report}");
        // The same tree with the interface listed above the builder: the builder's import of it
        // (through the parent's re-export) is upward.
        let (report, ok) =
            check(&files, "layer names: names\nlayer builders: tree\nlayer interface: tree::sink\nlayer top: crate\n");
        assert!(!ok);
        assert!(report.contains("src/tree/builder.rs -> src/tree/sink.rs (use super::Sink)"), "{report}");
    }

    #[test]
    fn globs_lead_to_the_definition_and_may_import_each_other() {
        let files = [
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "pub use crate::b::*;\npub struct A;"),
            ("b.rs", "pub use crate::a::*;\npub struct B;"),
            ("c.rs", "use crate::a::B;\nfn f(_: crate::b::Missing) {}"),
        ];
        let (report, ok) = check(&files, "layer low: a b\nlayer high: c\nlayer top: crate\n");
        assert!(!ok && report.contains("loop among a, b"), "{report}");
        assert!(report.contains("c -> b (1 file edges)") && !report.contains("c -> a"), "{report}");
    }

    #[test]
    fn a_name_a_glob_brought_in_leads_to_its_definition() {
        // `modes` takes its parent's imports with `use super::*` and names `Ns::Html` through them.
        let files = [
            ("lib.rs", "mod names;\nmod builder;\n"),
            ("names.rs", "pub enum Ns { Html }"),
            ("builder/mod.rs", "mod modes;\nuse crate::names::Ns;\n"),
            ("builder/modes.rs", "use super::*;\nfn f() { let _ = Ns::Html; }"),
        ];
        let (report, _) =
            check(&files, "layer low: builder::modes\nlayer names: names\nlayer high: builder\nlayer top: crate\n");
        assert!(report.contains("src/builder/modes.rs -> src/names.rs (path Ns::Html)"), "{report}");
    }

    #[test]
    fn tests_quote_and_doc_links_are_not_imports() {
        let files = [
            ("lib.rs", LIB),
            (
                "a.rs",
                "//! See [`crate::b::g`].\npub struct Thing;\nfn f() -> String { quote! { crate::b::g() } }\n#[cfg(test)]\nmod tests { use crate::b::g; }\n#[test]\nfn t() { crate::b::g() }",
            ),
            ("b.rs", "pub fn g() {}"),
        ];
        let (report, ok) = check(&files, "layer low: a\nlayer high: b\nlayer top: crate\n");
        assert!(ok, "{report}");
        // Other macros' input is code: a path there is an import.
        let files = [
            ("lib.rs", LIB),
            ("a.rs", "pub struct Thing;\nfn f() { assert!(matches!(x, crate::b::G)) }"),
            ("b.rs", "pub const G: u8 = 0;"),
        ];
        let (report, ok) = check(&files, "layer low: a\nlayer high: b\nlayer top: crate\n");
        assert!(!ok && report.contains("(macro crate::b::G)"), "{report}");
        // A visibility restriction names who may see an item, not what it uses.
        let files =
            [("lib.rs", LIB), ("a.rs", "pub struct Thing;\npub(in crate::b) fn f() {}"), ("b.rs", "pub fn g() {}")];
        let (report, ok) = check(&files, "layer low: a\nlayer high: b\nlayer top: crate\n");
        assert!(ok, "{report}");
    }

    #[test]
    fn pending_edges_are_drawn_not_held_and_must_exist() {
        let files = [("lib.rs", LIB), ("a.rs", "pub struct Thing;\nuse crate::b::g;"), ("b.rs", "pub fn g() {}")];
        let layers = "layer low: a\nlayer high: b\nlayer top: crate\npending a -> b: issue 1\n";
        let (report, ok) = check(&files, layers);
        assert!(ok, "{report}");
        assert!(report.contains("src/a.rs -> src/b.rs (use crate::b::g) [issue 1]"), "{report}");
        let files = [("lib.rs", LIB), ("a.rs", "pub struct Thing;"), ("b.rs", "pub fn g() {}")];
        let (report, ok) = check(&files, layers);
        assert!(!ok && report.contains("pending `a -> b` is gone"), "{report}");
    }

    #[test]
    fn entries_joined_by_plus_are_one_concept() {
        let files = [
            ("lib.rs", "mod generated;\nmod machine;\n"),
            ("generated.rs", "use crate::machine::Sink;\npub enum State {}"),
            ("machine.rs", "use crate::generated::State;\npub trait Sink {}"),
        ];
        let (report, ok) = check(&files, "layer machines: machine+generated\nlayer top: crate\n");
        assert!(ok, "{report}");
        let (report, ok) = check(&files, "layer machines: machine generated\nlayer top: crate\n");
        assert!(!ok && report.contains("loop among generated, machine"), "{report}");
    }

    #[test]
    fn the_table_reads_and_says_where_it_is_wrong() {
        assert!(parse_table("layer x: a\n").unwrap_err().contains("layers.txt:1: a `crate` line comes first"));
        assert!(
            parse_table("crate c src/lib.rs\nlayer x a\n").unwrap_err().contains(":2: expected `layer NAME: modules`")
        );
        let t =
            parse_table("# c\ncrate c src/lib.rs\nlayer one: a b  # why\npending a -> b::c: because\n").expect("reads");
        assert_eq!(t[0].layers[0], Layer { name: "one".into(), modules: vec!["a".into(), "b".into()] });
        assert_eq!(t[0].pending[0], Pending { from: "a".into(), to: "b::c".into(), why: "because".into() });
    }

    /// The workspace itself keeps its table (`cargo xtask layers`).
    #[test]
    fn the_workspace_keeps_its_layers() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask is in the workspace");
        let (report, ok) = run_cli(root, false).expect("the table and the sources read");
        assert!(ok, "{report}");
        for name in ["statemark", "statemark-codegen", "xtask"] {
            assert!(report.contains(&format!("{name} (")), "{report}");
        }
    }
}
