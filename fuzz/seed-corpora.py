#!/usr/bin/env python3
"""Build the fuzz targets' seed corpora from the conformance suites and the bench corpus.

Reads ../shared (or $STATEMARK_SHARED) in place and writes fuzz/corpus/<target>/ (ignored by
git: the corpora are derived data, never committed). Each seed is what the targets read
(fuzz/src/lib.rs, `Case`): a choice byte, a split seed byte, then the document.

Usage: python3 fuzz/seed-corpora.py [--max-len 4096]
"""
import glob
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("STATEMARK_SHARED", os.path.join(HERE, "..", "..", "shared"))
MAX_LEN = int(sys.argv[sys.argv.index("--max-len") + 1]) if "--max-len" in sys.argv else 4096
# The initial states the html_tokenize target picks by choice byte (fuzz/src/lib.rs HTML_STATES).
STATES = ["Data state", "RCDATA state", "RAWTEXT state", "Script data state", "PLAINTEXT state", "CDATA section state"]


def dat_cases(path):
    """The #data blocks of an html5lib-format .dat file."""
    text = open(path, encoding="utf-8").read()
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        if lines[i] == "#data":
            j = i + 1
            while j < len(lines) and lines[j] != "#errors":
                j += 1
            out.append("\n".join(lines[i + 1 : j]))
            i = j
        i += 1
    return out


def slices(path):
    """Pieces of a real document, at most MAX_LEN bytes each (libFuzzer's default input size)."""
    data = open(path, "rb").read()
    step = MAX_LEN - 2
    return [data[k : k + step] for k in range(0, min(len(data), step * 4), step)]


def write(target, seeds):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    n = 0
    for s in seeds:
        if len(s) > MAX_LEN:
            s = s[:MAX_LEN]
        name = hashlib.sha1(s).hexdigest()
        p = os.path.join(d, name)
        if not os.path.exists(p):
            open(p, "wb").write(s)
            n += 1
    print(f"{target}: {n} new seeds in {d}")


def main():
    if not os.path.isdir(SHARED):
        sys.exit(f"no shared data at {SHARED} (set STATEMARK_SHARED)")
    h5 = os.path.join(SHARED, "html5lib-tests")
    tok, tree = [], []
    for f in sorted(glob.glob(os.path.join(h5, "tokenizer", "*.test"))):
        for t in json.load(open(f, encoding="utf-8")).get("tests", []):
            doc = t["input"].encode("utf-8", "surrogatepass")
            for st in t.get("initialStates", ["Data state"]):
                choice = STATES.index(st) if st in STATES else 0
                if t.get("lastStartTag") == "script":
                    choice |= 0x80
                tok.append(bytes([choice, 0]) + doc)
    for f in sorted(glob.glob(os.path.join(h5, "tree-construction", "**", "*.dat"), recursive=True)) + sorted(
        glob.glob(os.path.join(SHARED, "wpt-html-parsing", "*.dat"))
    ) + sorted(glob.glob(os.path.join(HERE, "..", "tests", "data", "tree", "*.dat"))):
        for i, d in enumerate(dat_cases(f)):
            b = d.encode("utf-8")
            tree.append(bytes([i % 4, 1]) + b)  # documents (choice & 2 == 0) and fragments
            tok.append(bytes([0, 1]) + b)
    pages = sorted(glob.glob(os.path.join(SHARED, "bench-corpus", "html", "**", "*.html"), recursive=True))
    for k, p in enumerate(pages[::4]):
        for s in slices(p):
            tok.append(bytes([0, k % 256]) + s)
            tree.append(bytes([(k % 2), k % 256]) + s)
    write("html_tokenize", tok)
    write("html_parse", tree)
    write("serialize", tree)
    # The 12.2.4 edition reads the same documents; its era's suite seeds it too.
    old = []
    for f in sorted(glob.glob(os.path.join(SHARED, "html5lib-tests-editions", "2017-04", "tokenizer", "*.test"))):
        for t in json.load(open(f, encoding="utf-8")).get("tests", []):
            old.append(bytes([0, 0]) + t["input"].encode("utf-8", "surrogatepass"))
    write("html2017_tokenize", old + tok[:3000])
    # The 2008 draft: its era's suite, with the content model flags its tests name (the
    # choice byte's low bits pick PCDATA, RCDATA, CDATA, PLAINTEXT; 0x80 sets "title" as the
    # last start tag), then the same documents.
    flags = ["PCDATA", "RCDATA", "CDATA", "PLAINTEXT"]
    draft = []
    for f in sorted(glob.glob(os.path.join(SHARED, "html5lib-tests-editions", "2007-09", "tokenizer", "*.test"))):
        for t in json.load(open(f, encoding="utf-8")).get("tests", []):
            doc = t["input"].encode("utf-8", "surrogatepass")
            for flag in t.get("contentModelFlags", ["PCDATA"]):
                choice = flags.index(flag) if flag in flags else 0
                if t.get("lastStartTag"):
                    choice |= 0x80
                draft.append(bytes([choice, 0]) + doc)
    write("html2008_tokenize", draft + tok[:3000])
    # Bytes: the encoding suite's documents and bench pages re-encoded.
    enc = []
    for f in sorted(glob.glob(os.path.join(h5, "encoding", "**", "*.dat"), recursive=True)):
        for block in open(f, "rb").read().split(b"#data\n")[1:]:
            enc.append(bytes([0]) + block.split(b"\n#encoding")[0])
    for k, p in enumerate(pages[::20]):
        text = open(p, "rb").read()[: MAX_LEN - 1].decode("utf-8", "ignore")
        for i, codec in enumerate(["utf-8", "cp1252", "shift_jis", "utf-16"]):
            try:
                enc.append(bytes([(k + i) % 256]) + text.encode(codec))
            except UnicodeEncodeError:
                pass
    write("encoding", enc)

    x5 = os.path.join(SHARED, "xml5lib-tests")
    xml = []
    for f in sorted(glob.glob(os.path.join(x5, "tokenizer", "*.test"))):
        for t in json.load(open(f, encoding="utf-8")).get("tests", []):
            xml.append(bytes([0, 0]) + t["input"].encode("utf-8", "surrogatepass"))
    for f in sorted(glob.glob(os.path.join(x5, "**", "*.dat"), recursive=True)):
        for d in dat_cases(f):
            xml.append(bytes([0, 1]) + d.encode("utf-8"))
    for k, p in enumerate(sorted(glob.glob(os.path.join(SHARED, "bench-corpus", "xml", "**", "*"), recursive=True))[::3]):
        if os.path.isfile(p):
            for s in slices(p):
                xml.append(bytes([0, k % 256]) + s)
    write("xml5_tokenize", xml)
    write("xml5_parse", xml)

    # Attribute values of every microsyntax, from the spec's examples, and their edges.
    micro = ["0", "-12", "+3", "1.5e3", "-0", "1e400", ".5", "10%", "50.5%", "1,2,x,4", "2011-11-18", "2011-11",
             "11-18", "--11-18", "14:54", "14:54:39.929", "2011-11-18T14:54:39.929Z", "2011-11-18 14:54-08:00",
             "2011-W47", "PT4H18M3S", "4h 18m 3s", "P2D", "#ff0000", "red", "rebeccapurple", "chucknorris",
             " a ,b,,d d ", "#name", "9007199254740993", "1e-7", "-1.7976931348623157e308", "2009-02-29",
             "1970-W01", "12:00:00.", "1:2"]
    write("microsyntax", [m.encode("utf-8") for m in micro])


main()
